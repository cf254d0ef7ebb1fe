import { resolve } from 'node:path';
import { MatchersV3, PactV4, Verifier } from '@pact-foundation/pact';
import { contract } from '@scrivo/contracts';
import { initClient } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSeeding } from '../../api/test/chat/seed-chat';
import { adminClient } from '../../api/test/chat/admin-session';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';

const { like, eachLike, regex, integer, boolean, nullValue, decimal } = MatchersV3;
const PACT_DIR = resolve(import.meta.dirname, '../../.tmp/pacts');
// One chat per interaction, so a reply that resolves one does not change what another interaction expects.
const SESSION = 'pact-admin-session-0001';
const TO_READ = 'pact-admin-session-read';
const TO_ANSWER = 'pact-admin-session-answer';
const TO_CLOSE = 'pact-admin-session-close';

/** The admin pane's calls go through the typed ts-rest client, as web/src/lib/api-client.ts builds it. */
const client = (baseUrl: string) =>
  initClient(contract.adminChat, { baseUrl, credentials: 'include', throwOnUnknownStatus: true });

const session = (status: string, reason: string | null) => ({
  sessionId: like(SESSION),
  status: regex('^(active|escalated|resolved)$', status),
  contextPage: like('/pricing'),
  lastActivityAt: like('2026-03-01T10:00:00.000Z'),
  escalationReason: reason
    ? regex('^(requested_human|low_confidence|repeated_question)$', reason)
    : nullValue(),
  startedAt: like('2026-03-01T10:00:00.000Z'),
  rating: nullValue(),
  contactEmail: nullValue(),
});
const userMessage = {
  id: like('m-1'),
  seq: integer(1),
  role: regex('^user$', 'user'),
  content: like('What is the capital of Australia?'),
  createdAt: like('2026-03-01T10:00:00.000Z'),
  confidenceScore: nullValue(),
  needsHumanReview: boolean(false),
  sources: [],
};
const COOKIE = { Cookie: like('scrivo_admin_session=abc') };

const pact = new PactV4({
  consumer: 'scrivo-admin-pane',
  provider: 'scrivo-api',
  dir: PACT_DIR,
  logLevel: 'warn',
});

describe('the admin pane (consumer) and the API (provider)', () => {
  it('lists the queue: page 1, 20 per page, escalated, searched', () =>
    pact
      .addInteraction()
      .given('an escalated anonymous chat', { sessionId: SESSION })
      .uponReceiving('a request for the escalated chats matching a search')
      .withRequest('GET', '/api/admin/chat/sessions', (b) =>
        b.query({ page: '1', limit: '20', status: 'escalated', search: 'australia' }).headers(COOKIE),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          sessions: eachLike({
            session: session('escalated', 'low_confidence'),
            userEmail: nullValue(),
            userTier: nullValue(),
            lastMessage: like('I have passed your question to our support team.'),
            messageCount: integer(2),
            unreadCount: integer(1),
          }),
          total: integer(1),
          page: 1,
          limit: 20,
        }),
      )
      .executeTest(async (server) => {
        const res = await client(server.url).listSessions({
          query: { page: 1, limit: 20, status: 'escalated', search: 'australia' },
          extraHeaders: { Cookie: 'scrivo_admin_session=abc' },
        });
        expect(res.status).toBe(200);
      }));

  it('opens a conversation with the user context', () =>
    pact
      .addInteraction()
      .given('an escalated anonymous chat', { sessionId: TO_READ })
      .uponReceiving('a request for one conversation')
      .withRequest('GET', `/api/admin/chat/sessions/${TO_READ}`, (b) => b.headers(COOKIE))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          session: session('escalated', 'low_confidence'),
          messages: [
            userMessage,
            {
              ...userMessage,
              id: like('m-2'),
              seq: integer(2),
              role: regex('^assistant$', 'assistant'),
              content: like('I have passed your question to our support team.'),
              confidenceScore: decimal(0.12),
              needsHumanReview: boolean(true),
            },
          ],
          userContext: {
            accountInfo: { email: nullValue() },
            subscription: { tier: nullValue(), usage: integer(0) },
          },
        }),
      )
      .executeTest(async (server) => {
        const res = await client(server.url).getSession({
          params: { sessionId: TO_READ },
          extraHeaders: { Cookie: 'scrivo_admin_session=abc' },
        });
        expect(res.status).toBe(200);
      }));

  it("replies with 'Send & Resolve'", () =>
    pact
      .addInteraction()
      .given('an escalated anonymous chat', { sessionId: TO_ANSWER })
      .uponReceiving('a reply that resolves the chat')
      .withRequest('POST', `/api/admin/chat/sessions/${TO_ANSWER}/respond`, (b) =>
        b
          .headers({ ...COOKIE, 'content-type': 'application/json' })
          .jsonBody({ content: 'Canberra!', noteType: 'admin_response', markResolved: true }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: {
            ...userMessage,
            id: like('m-3'),
            seq: integer(3),
            role: regex('^admin$', 'admin'),
            content: 'Canberra!',
          },
          session: session('resolved', 'low_confidence'),
        }),
      )
      .executeTest(async (server) => {
        const res = await client(server.url).respond({
          params: { sessionId: TO_ANSWER },
          body: { content: 'Canberra!', noteType: 'admin_response', markResolved: true },
          extraHeaders: { Cookie: 'scrivo_admin_session=abc' },
        });
        expect(res.status).toBe(200);
      }));

  it("closes a chat ('Close Chat')", () =>
    pact
      .addInteraction()
      .given('an escalated anonymous chat', { sessionId: TO_CLOSE })
      .uponReceiving('a request to close the chat')
      .withRequest('POST', `/api/admin/chat/sessions/${TO_CLOSE}/close`, (b) => b.headers(COOKIE))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, session: session('resolved', 'low_confidence') }),
      )
      .executeTest(async (server) => {
        const res = await client(server.url).close({
          params: { sessionId: TO_CLOSE },
          extraHeaders: { Cookie: 'scrivo_admin_session=abc' },
        });
        expect(res.status).toBe(200);
      }));

  it('is refused without an admin session', () =>
    pact
      .addInteraction()
      .uponReceiving('a queue request without a session')
      .withRequest('GET', '/api/admin/chat/sessions')
      .willRespondWith(401, (b) =>
        b.jsonBody({ error: like('Please sign in as an administrator.'), code: 'UNAUTHORIZED' }),
      )
      .executeTest(async (server) => {
        const res = await client(server.url).listSessions({ query: {} });
        expect(res.status).toBe(401);
      }));
});

describe('the API honours the admin pane pact', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('verifies every interaction against the real server', async () => {
    const admin = await adminClient(app);
    const streams = chatSeeding(app);
    await new Verifier({
      provider: 'scrivo-api',
      providerBaseUrl: app.url,
      pactUrls: [resolve(PACT_DIR, 'scrivo-admin-pane-scrivo-api.json')],
      logLevel: 'warn',
      // A real admin session and CSRF token replace the consumer's placeholders; the 401 interaction stays anonymous.
      requestFilter: (req, _res, next) => {
        if (req.headers.cookie) {
          req.headers.cookie = `scrivo_admin_session=${admin.sessionCookie}; scrivo_csrf=pactcsrfpactcsrfpactcsrfpactcsrf`;
          req.headers['x-csrf-token'] = 'pactcsrfpactcsrfpactcsrfpactcsrf';
        }
        next();
      },
      stateHandlers: {
        'an escalated anonymous chat': async (params: unknown) => {
          const id = String((params as { sessionId: string }).sessionId);
          if ((await app.scrivo.adapters.events.readStream(`chat-session-${id}`)).length > 0)
            return undefined;
          const visitor = { kind: 'visitor' as const, id: 'pact-visitor' };
          const at = streams.now();
          await streams.session(
            id,
            {
              type: 'StartChat',
              sessionId: id,
              siteKey: 'scrivo-app',
              contextPage: '/pricing',
              visitorId: 'pact-visitor',
              identity: null,
              at,
            },
            visitor,
          );
          await streams.session(
            id,
            {
              type: 'PostVisitorMessage',
              messageId: `${id}-m1`,
              content: 'What is the capital of Australia?',
              at,
            },
            visitor,
          );
          await streams.session(
            id,
            {
              type: 'RecordAssistantAnswer',
              messageId: `${id}-m2`,
              content: 'x',
              confidenceScore: 0.12,
              sources: [],
              threshold: 0.5,
              at,
            },
            { kind: 'system', id: 'assistant:embedded' },
          );
          return undefined;
        },
      },
    }).verifyProvider();
  });
});
