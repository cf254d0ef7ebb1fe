import { HttpError } from './http';

/** The server's own words for a failed call, or a plain fallback for network trouble. */
export const errorMessage = (error: unknown, fallback = 'Something went wrong. Try again.'): string => {
  if (error instanceof HttpError) return error.serverMessage || fallback;
  if (error instanceof TypeError)
    return 'The server could not be reached. Check your connection and try again.';
  return fallback;
};
