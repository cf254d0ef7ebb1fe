import type {
  AppRoute,
  ClientInferRequest,
  ClientInferResponseBody,
  SuccessfulHttpStatusCode,
} from '@ts-rest/core';

/**
 * Types a hand-rolled client derives from a contract route without importing the contract at run time (the chat
 * widget: zod would triple its bundle). The route's method and path are literal types, so a client that writes
 * them down is checked against the contract by the compiler.
 */
export type RouteRequest<R extends AppRoute> = ClientInferRequest<R>;
export type RouteOk<R extends AppRoute> = ClientInferResponseBody<
  R,
  SuccessfulHttpStatusCode & keyof R['responses']
>;
export type RouteAddress<R extends AppRoute> = Pick<R, 'method' | 'path'>;
