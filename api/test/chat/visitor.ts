import type { ChatIdentity } from '@scrivo/contracts';
import { TestClient } from '../support/http-client';

/** A widget-like client: no cookies needed, the session token goes in X-Chat-Token. */
export const startVisitor = async (
  baseUrl: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => {
  const client = new TestClient(baseUrl);
  const started = await client.api.chat.start({
    body: { siteKey: 'scrivo-app', contextPage: '/pricing', hostOrigin: baseUrl, ...body },
    extraHeaders: headers,
  });
  // A start may be refused on purpose (a forged identity, an origin not allowed): the test reads the status.
  const begun = started.body as { session?: { sessionId?: string }; token?: string } | undefined;
  const sessionId = begun?.session?.sessionId ?? '';
  const token = String(begun?.token ?? '');
  const auth = { 'x-chat-token': token };
  return {
    started,
    sessionId,
    token,
    client,
    say: (content: string) =>
      client.api.chat.post({ params: { sessionId }, body: { content }, headers: auth }),
    get: (after = 0) => client.api.chat.get({ params: { sessionId }, query: { after }, headers: auth }),
    escalate: () => client.api.chat.escalate({ params: { sessionId }, headers: auth }),
    identify: (identity: ChatIdentity) =>
      client.api.chat.identify({ params: { sessionId }, body: identity, headers: auth }),
    leaveEmail: (email: string) =>
      client.api.chat.leaveEmail({ params: { sessionId }, body: { email }, headers: auth }),
    rate: (rating: number) =>
      client.api.chat.rate({ params: { sessionId }, body: { rating }, headers: auth }),
  };
};
