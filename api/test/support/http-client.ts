import { contract } from '@scrivo/contracts';
import { initClient } from '@ts-rest/core';

/**
 * A kept-alive connection the server closes (its keep-alive timeout) just as a request is sent on it fails with
 * ECONNRESET; like a browser (RFC 9110 9.2.2), a request that changes nothing is sent again once on a fresh one.
 * A busy machine makes the race likely: a test that computes for 5 s between two calls hits the timeout exactly.
 */
const fetchAgainOnReset = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof TypeError ? error.cause : undefined;
    const reset = cause instanceof Error && 'code' in cause && cause.code === 'ECONNRESET';
    if (!reset || (init.method !== 'GET' && init.method !== 'HEAD')) throw error;
    return fetch(url, init);
  }
};

/**
 * A tiny browser-like HTTP client for API tests: keeps cookies, sends the CSRF header on state-changing calls,
 * and returns status, headers and parsed body. Talks to a real server over real HTTP.
 */
export class TestClient {
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (one cookie jar) talking to another server: an API replica behind a load balancer. */
  at(baseUrl: string): TestClient {
    return new TestClient(baseUrl, this.cookies);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && !this.cookies.has('scrivo_csrf')) await this.request('GET', '/api/health');
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (method !== 'GET' && method !== 'HEAD') h['x-csrf-token'] = this.cookies.get('scrivo_csrf') ?? '';
    if (body instanceof FormData || typeof body === 'string' || body instanceof Uint8Array) {
      init.body = body as RequestInit['body'];
    } else if (body !== undefined) {
      h['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetchAgainOnReset(`${this.baseUrl}${path}`, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      bytes,
      body: json as Record<string, unknown> & unknown,
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body);
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }

  /**
   * The same browser as a client typed by the contract (what the web app uses): paths, parameters, bodies and
   * answers are checked by the compiler, e.g. `await client.api.recordings.get({ params: { id } })`.
   */
  get api() {
    const client = initClient(contract, {
      baseUrl: this.baseUrl,
      throwOnUnknownStatus: false,
      api: async ({ path, method, headers, body }) => {
        const answer = await this.request(
          method,
          path.slice(this.baseUrl.length),
          body ?? undefined,
          headers,
        );
        return { status: answer.status, body: typedBody(answer), headers: answer.headers, text: answer.text };
      },
    });
    return client as WithText<typeof client>;
  }
}

/**
 * Each route of the typed client also answers its raw text (`answer.text`, what went over the wire), for what a test
 * checks of the bytes themselves: a secret or an address that must not be in them.
 */
type WithText<Client> = {
  [K in keyof Client]: Client[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<R & { text: string }>
    : WithText<Client[K]>;
};

/**
 * The body the typed client answers, read much as ts-rest's own fetcher reads it (what the web app would see):
 * JSON parsed; text as a string (text/*, JSON lines, and any type that names a charset: a transcript exported as txt,
 * srt, vtt or rttm, the audit's JSON lines); anything else (a zip, a PDF, the media) as a Blob; no body undefined.
 */
const typedBody = ({ headers, text, bytes, body }: Awaited<ReturnType<TestClient['request']>>) => {
  const type = headers.get('content-type') ?? '';
  if (!bytes.length) return undefined;
  if (!type) return body ?? text;
  if (/^application\/([\w.-]+\+)?json\b/i.test(type)) return body;
  if (/^text\/|^application\/(x-)?ndjson\b|;\s*charset=/i.test(type)) return text;
  return new Blob([bytes], { type });
};

/**
 * Input the contract refuses, sent on purpose through the typed client by a test of the refusal (an unknown field, a
 * page that is not a number): `body: unchecked({ firstName: 'Grace', plan: 'business_pro' })`.
 */
export const unchecked = (input: unknown): never => input as never;
