import { HttpError } from './http';

/** The server's message when it sent one, else the fallback text of spec section 8. */
export const serverMessage = (error: unknown, fallback: string): string =>
  error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;

/** fetch rejects with a TypeError when the network (not the server) failed. */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

export const errorCode = (error: unknown): string | undefined =>
  error instanceof HttpError ? error.code : undefined;
