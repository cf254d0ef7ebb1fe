import { type AppRouter, initClient, tsRestFetchApi } from '@ts-rest/core';
import { HttpError, readCookie } from './http';

/**
 * How every typed client calls the API (types come from contracts/): cookies, the CSRF header on writes, and
 * non-2xx answers thrown as HttpError, so TanStack Query sees them as errors and callers get the body typed for
 * the success case.
 */
const options = {
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
} satisfies Parameters<typeof initClient>[1];

/**
 * A client for one feature's part of the contract. Code on the landing page's first download uses it, so the
 * page does not carry every feature's schemas (the bundle budget in web/e2e/budget.test.ts).
 */
export const clientFor = <Router extends AppRouter>(router: Router) => initClient(router, options);

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
