import { TestClient } from '../support/http-client';

/** A widget-like client: no cookies needed, the session token goes in X-Chat-Token. */
export const startVisitor = async (
  baseUrl: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => {
  const client = new TestClient(baseUrl);
  const started = await client.post(
    '/api/chat/sessions',
    { siteKey: 'scrivo-app', contextPage: '/pricing', hostOrigin: baseUrl, ...body },
    headers,
  );
  const sessionId = (started.body?.session as { sessionId?: string } | undefined)?.sessionId ?? '';
  const token = String(started.body?.token ?? '');
  const auth = { 'x-chat-token': token };
  return {
    started,
    sessionId,
    token,
    client,
    say: (content: string) => client.post(`/api/chat/sessions/${sessionId}/messages`, { content }, auth),
    get: (after = 0) => client.get(`/api/chat/sessions/${sessionId}?after=${after}`, auth),
    call: (path: string, payload?: unknown) =>
      client.post(`/api/chat/sessions/${sessionId}/${path}`, payload, auth),
  };
};
