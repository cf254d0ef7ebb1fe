import { contract } from '@scrivo/contracts';
import { initClient, tsRestFetchApi } from '@ts-rest/core';
import { HttpError, readCookie } from './http';

/**
 * The typed client for the whole API (types come from contracts/). Non-2xx answers throw HttpError, so
 * TanStack Query sees them as errors and callers get the body typed for the success case.
 */
export const api = initClient(contract, {
  baseUrl: '',
  credentials: 'include',
  throwOnUnknownStatus: false,
  api: async (args) => {
    const headers = { ...args.headers };
    if (args.method !== 'GET') {
      const csrf = readCookie('scrivo_csrf');
      if (csrf) headers['x-csrf-token'] = csrf;
    }
    const result = await tsRestFetchApi({ ...args, headers });
    if (result.status >= 400) {
      throw new HttpError(
        result.status,
        typeof result.body === 'string' ? result.body : JSON.stringify(result.body),
      );
    }
    return result;
  },
});

type Answer = { status: number; body: unknown };
type Success<R extends Answer> = Extract<R, { status: 200 | 201 | 202 | 204 }>;
const succeeded = <R extends Answer>(response: R): response is Success<R> =>
  response.status >= 200 && response.status < 300;

/**
 * The success body of a call, typed by the contract. Error statuses already threw HttpError above, so a
 * response that is neither is a server that broke the contract.
 */
export const ok = async <R extends Answer>(call: Promise<R>): Promise<Success<R>['body']> => {
  const response = await call;
  if (!succeeded(response)) throw new HttpError(response.status, JSON.stringify(response.body));
  return response.body;
};
