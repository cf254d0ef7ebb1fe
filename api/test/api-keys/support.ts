/**
 * A script's HTTP call with an API key: no cookie jar, no CSRF token, nothing a browser would add. Extra headers
 * (a cookie, a CSRF token) are only what a test adds on purpose.
 */
export const withKey = async (
  baseUrl: string,
  secret: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${secret}`, ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // not JSON (an export, media): the text is what the test reads
  }
  return { status: response.status, headers: response.headers, text, body: json };
};
