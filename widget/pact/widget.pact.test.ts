import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { MatchersV3, PactV4, Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSeeding } from '../../api/test/chat/seed-chat';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { createChatApi } from '../src/app/api';

const { like, eachLike, regex, integer, boolean, nullValue, decimal } = MatchersV3;
const PACT_DIR = resolve(import.meta.dirname, '../../.tmp/pacts');
const TOKEN_SECRET = 'pact-token-secret-0123456789';
const token = (sessionId: string) =>
  createHmac('sha256', TOKEN_SECRET).update(`chat-session:${sessionId}`).digest('base64url');
// One chat per interaction, so no interaction sees another's changes (provider states run before each one).
const OPEN = 'pact-session-open';
const TO_ESCALATE = 'pact-session-escalate';
const WITH_EMAIL = 'pact-session-email';
const TO_READ = 'pact-session-read';
const RESOLVED = 'pact-session-resolved';

const visitorSession = (status: string) => ({
  sessionId: like('3f2c9a4e-0000-4000-8000-000000000001'),
  status: regex('^(active|escalated|resolved)$', status),
  escalationReason: nullValue(),
  rating: nullValue(),
  identified: boolean(false),
  contactEmail: nullValue(),
  adminAvailable: boolean(false),
});
const message = {
  id: like('m-1'),
  seq: integer(1),
  role: regex('^(user|assistant|admin)$', 'user'),
  content: like('Do I need a credit card for the free plan?'),
  createdAt: like('2026-03-01T10:00:00.000Z'),
  confidenceScore: nullValue(),
  needsHumanReview: boolean(false),
  sources: [],
};

const pact = new PactV4({
  consumer: 'scrivo-widget',
  provider: 'scrivo-api',
  dir: PACT_DIR,
  logLevel: 'warn',
});

describe('the widget (consumer) and the API (provider)', () => {
  it('checks that the site allows this page', () =>
    pact
      .addInteraction()
      .given('the default chat site exists')
      .uponReceiving('a request for the public site facts')
      .withRequest('GET', '/api/chat/sites/scrivo-app')
      .willRespondWith(200, (b) =>
        b.jsonBody({ siteKey: 'scrivo-app', name: like('Scrivo'), adminAvailable: boolean(false) }),
      )
      .executeTest(async (server) => {
        expect(await createChatApi(server.url).site('scrivo-app')).toMatchObject({ siteKey: 'scrivo-app' });
      }));

  it('starts an anonymous chat', () =>
    pact
      .addInteraction()
      .given('the default chat site exists')
      .uponReceiving('a request to start a chat')
      .withRequest('POST', '/api/chat/sessions', (b) =>
        b
          .headers({ 'content-type': 'application/json' })
          .jsonBody({ siteKey: 'scrivo-app', contextPage: '/pricing', hostOrigin: 'http://localhost:3000' }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ token: like('c2Vzc2lvbi10b2tlbg'), session: visitorSession('active') }),
      )
      .executeTest(async (server) => {
        const started = await createChatApi(server.url).start({
          siteKey: 'scrivo-app',
          contextPage: '/pricing',
          hostOrigin: 'http://localhost:3000',
        });
        expect(started.token).toBeTruthy();
      }));

  it('sends a message and gets the new messages back', () =>
    pact
      .addInteraction()
      .given('an open chat', { sessionId: OPEN })
      .uponReceiving('a visitor message')
      .withRequest('POST', `/api/chat/sessions/${OPEN}/messages`, (b) =>
        b
          .headers({ 'content-type': 'application/json', 'x-chat-token': token(OPEN) })
          .jsonBody({ content: 'Do I need a credit card for the free plan?' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          session: visitorSession('active'),
          // The visitor's message, then the assistant's answer with its confidence and the article it used.
          messages: [
            message,
            {
              ...message,
              id: like('m-2'),
              seq: integer(2),
              role: regex('^assistant$', 'assistant'),
              content: like('No. The Free plan needs no credit card.'),
              confidenceScore: decimal(0.88),
              sources: eachLike({ slug: like('faq'), title: like('FAQ') }),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const conversation = await createChatApi(server.url).post(
          OPEN,
          token(OPEN),
          'Do I need a credit card for the free plan?',
        );
        expect(conversation.messages.length).toBeGreaterThan(0);
      }));

  it('fetches the messages after a cursor', () =>
    pact
      .addInteraction()
      .given('an open chat', { sessionId: TO_READ })
      .uponReceiving('a request for the conversation after a cursor')
      .withRequest('GET', `/api/chat/sessions/${TO_READ}`, (b) =>
        b.query({ after: '0' }).headers({ 'x-chat-token': token(TO_READ) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ session: visitorSession('active'), messages: eachLike(message) }),
      )
      .executeTest(async (server) => {
        expect((await createChatApi(server.url).get(TO_READ, token(TO_READ), 0)).messages).toHaveLength(1);
      }));

  it("asks for a person ('Talk to a person')", () =>
    pact
      .addInteraction()
      .given('an open chat', { sessionId: TO_ESCALATE })
      .uponReceiving('a request for a person')
      .withRequest('POST', `/api/chat/sessions/${TO_ESCALATE}/escalate`, (b) =>
        b.headers({ 'x-chat-token': token(TO_ESCALATE) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...visitorSession('escalated'),
          escalationReason: regex('^requested_human$', 'requested_human'),
        }),
      )
      .executeTest(async (server) => {
        expect((await createChatApi(server.url).escalate(TO_ESCALATE, token(TO_ESCALATE))).status).toBe(
          'escalated',
        );
      }));

  it('leaves an email when nobody is available', () =>
    pact
      .addInteraction()
      .given('an open chat', { sessionId: WITH_EMAIL })
      .uponReceiving('an offline contact email')
      .withRequest('POST', `/api/chat/sessions/${WITH_EMAIL}/contact-email`, (b) =>
        b
          .headers({ 'content-type': 'application/json', 'x-chat-token': token(WITH_EMAIL) })
          .jsonBody({ email: 'visitor@example.com' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...visitorSession('active'), contactEmail: 'visitor@example.com' }),
      )
      .executeTest(async (server) => {
        const session = await createChatApi(server.url).leaveEmail(
          WITH_EMAIL,
          token(WITH_EMAIL),
          'visitor@example.com',
        );
        expect(session.contactEmail).toBe('visitor@example.com');
      }));

  it('rates a resolved chat', () =>
    pact
      .addInteraction()
      .given('a resolved chat', { sessionId: RESOLVED })
      .uponReceiving('a satisfaction rating')
      .withRequest('POST', `/api/chat/sessions/${RESOLVED}/rating`, (b) =>
        b
          .headers({ 'content-type': 'application/json', 'x-chat-token': token(RESOLVED) })
          .jsonBody({ rating: 5 }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...visitorSession('resolved'), rating: integer(5) }))
      .executeTest(async (server) => {
        expect((await createChatApi(server.url).rate(RESOLVED, token(RESOLVED), 5)).rating).toBe(5);
      }));

  it('gets a 404 for a chat it has no token for', () =>
    pact
      .addInteraction()
      .uponReceiving('a request with a wrong token')
      .withRequest('GET', '/api/chat/sessions/someone-elses', (b) =>
        b.query({ after: '0' }).headers({ 'x-chat-token': 'wrong' }),
      )
      .willRespondWith(404, (b) => b.jsonBody({ error: like('Chat session not found'), code: 'NOT_FOUND' }))
      .executeTest(async (server) => {
        await expect(createChatApi(server.url).get('someone-elses', 'wrong', 0)).rejects.toMatchObject({
          status: 404,
        });
      }));
});

describe('the API honours the widget pact', () => {
  let app: TestApp;
  beforeAll(async () => {
    process.env.SCRIVO_CHAT_TOKEN_SECRET = TOKEN_SECRET;
    app = await startTestApp();
  });
  afterAll(async () => {
    delete process.env.SCRIVO_CHAT_TOKEN_SECRET;
    await app?.close();
  });

  it('verifies every interaction against the real server', async () => {
    const streams = chatSeeding(app);
    const visitor = { kind: 'visitor' as const, id: 'pact-visitor' };
    const start = async (sessionId: string) => {
      const state = await streams
        .session(
          sessionId,
          {
            type: 'StartChat',
            sessionId,
            siteKey: 'scrivo-app',
            contextPage: '/pricing',
            visitorId: 'pact-visitor',
            identity: null,
            at: streams.now(),
          },
          visitor,
        )
        .catch(() => null);
      return state;
    };
    await new Verifier({
      provider: 'scrivo-api',
      providerBaseUrl: app.url,
      pactUrls: [resolve(PACT_DIR, 'scrivo-widget-scrivo-api.json')],
      logLevel: 'warn',
      stateHandlers: {
        'the default chat site exists': async () => undefined,
        'an open chat': async (params: unknown) => {
          const sessionId = String((params as { sessionId: string }).sessionId);
          // Each interaction gets the chat as its state says: open, with one message to read back.
          await start(sessionId);
          const conversation = await fetch(`${app.url}/api/chat/sessions/${sessionId}?after=0`, {
            headers: { 'x-chat-token': token(sessionId) },
          }).then((r) => r.json() as Promise<{ messages: unknown[] }>);
          if (conversation.messages.length === 0)
            await streams.session(
              sessionId,
              {
                type: 'PostVisitorMessage',
                messageId: `${sessionId}-m1`,
                content: 'Hello',
                at: streams.now(),
              },
              visitor,
            );
          return undefined;
        },
        'a resolved chat': async (params: unknown) => {
          const sessionId = String((params as { sessionId: string }).sessionId);
          await start(sessionId);
          await streams.session(
            sessionId,
            { type: 'CloseChat', adminId: 'pact-admin', at: streams.now() },
            {
              kind: 'admin',
              id: 'pact-admin',
            },
          );
          return undefined;
        },
      },
    }).verifyProvider();
  });
});
