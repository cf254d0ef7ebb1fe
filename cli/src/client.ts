import { contract } from '@scrivo/contracts';
import { initClient } from '@ts-rest/core';
import { loadLogin, type Login } from './config';
import { CliError } from './errors';

/** The typed client of the Scrivo API (the contracts' ts-rest router), signed in with the API key. */
export const apiClient = (login: Login) =>
  initClient(contract, {
    baseUrl: login.url.replace(/\/+$/, ''),
    baseHeaders: { authorization: `Bearer ${login.apiKey}` },
    throwOnUnknownStatus: false,
  });
type ApiClient = ReturnType<typeof apiClient>;

export interface Session {
  readonly login: Login;
  readonly api: ApiClient;
}

export const connect = async (): Promise<Session> => {
  const login = await loadLogin();
  return { login, api: apiClient(login) };
};

/** A request that could not reach the server at all (refused, DNS, TLS): said plainly. */
export const reachable = async <T>(url: string, request: () => Promise<T>): Promise<T> => {
  try {
    return await request();
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new CliError(`Cannot reach the Scrivo server at ${url}${reason ? ` (${reason})` : ''}.`);
  }
};
