import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from '@scrivo/domain';

export interface RequestContext {
  readonly requestId: string;
  readonly correlationId: string;
  actor?: Actor;
}

/** Carries the request and correlation ids into logs and into the metadata of the events a request causes. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentRequest = (): RequestContext | undefined => requestContext.getStore();
