/** A non-OK response, raised as the spec says: "status code, colon, response text". */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'HttpError';
  }

  /** The `error` (or `message`) field of a JSON error body, or the raw text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown; message?: unknown };
      if (typeof parsed.error === 'string') return parsed.error;
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: the text itself is the message
    }
    return this.body;
  }

  get code(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { code?: unknown };
      return typeof parsed.code === 'string' ? parsed.code : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Every call sends cookies; state-changing calls carry the CSRF token the API set in a cookie. */
export const apiRequest = async (
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> => {
  const headers = new Headers(init.headers);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = readCookie('scrivo_csrf');
    if (csrf) headers.set('X-CSRF-Token', csrf);
  }
  const response = await fetch(path, {
    ...init,
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new HttpError(response.status, await response.text());
  return response;
};

export const apiJson = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await apiRequest(method, path, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

export const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
