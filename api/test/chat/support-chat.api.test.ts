import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClient } from '../support/http-client';
import { adminClient } from './admin-session';
import { startVisitor } from './visitor';
import { bodyOf, expectStatus } from '../support/expect-status';

const IDENTITY_SECRET = 'test-identity-secret-0123456789';
/** What a site owner's server computes: HMAC of the user id, and of the email too when it is to be shown. */
const sign = (userId: string, email?: string) =>
  createHmac('sha256', IDENTITY_SECRET)
    .update(email ? `${userId}\n${email}` : userId)
    .digest('hex');

describe('support chat API', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof adminClient>>;

  beforeAll(async () => {
    process.env.SCRIVO_CHAT_IDENTITY_SECRET = IDENTITY_SECRET;
    process.env.SCRIVO_CHAT_ALLOWED_ORIGINS = 'http://allowed.test:8080';
    process.env.SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_SESSION = '8';
    app = await startTestApp();
    admin = await adminClient(app, 'agent@example.com');
  });
  afterAll(async () => {
    delete process.env.SCRIVO_CHAT_IDENTITY_SECRET;
    delete process.env.SCRIVO_CHAT_ALLOWED_ORIGINS;
    delete process.env.SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_SESSION;
    await app?.close();
  });

  describe('a visitor', () => {
    it('starts a chat on an allowed origin and gets an answer from the FAQ with its confidence and source', async () => {
      const visitor = await startVisitor(app.url, { hostOrigin: 'http://allowed.test:8080' });
      expectStatus(visitor.started, 201);
      expect(visitor.started.body.session).toMatchObject({ status: 'active', identified: false });

      const answer = await visitor.say('Do I need a credit card for the free plan?');
      expectStatus(answer, 200);
      const messages = answer.body.messages as {
        role: string;
        content: string;
        confidenceScore: number | null;
        sources: { slug: string }[];
      }[];
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(messages[1]!.content).toContain('no credit card');
      expect(messages[1]!.confidenceScore).toBeGreaterThanOrEqual(0.5);
      expect(messages[1]!.sources[0]!.slug).toBe('faq');
      expect(answer.body.session).toMatchObject({ status: 'active' });
    });

    it('is handed to a person when the assistant is unsure, and the reason reaches the admin list', async () => {
      const visitor = await startVisitor(app.url);
      const answer = await visitor.say('What is the capital of Australia?');
      expectStatus(answer, 200);
      const messages = answer.body.messages as {
        role: string;
        needsHumanReview: boolean;
        confidenceScore: number;
      }[];
      expect(messages[1]).toMatchObject({ role: 'assistant', needsHumanReview: true });
      expect(messages[1]!.confidenceScore).toBeLessThan(0.5);
      expect(answer.body.session).toMatchObject({ status: 'escalated', escalationReason: 'low_confidence' });

      const list = await admin.client.api.adminChat.listSessions({
        query: { status: 'escalated', search: 'australia' },
      });
      expectStatus(list, 200);
      expect(list.body.sessions).toEqual([
        expect.objectContaining({
          session: expect.objectContaining({
            sessionId: visitor.sessionId,
            escalationReason: 'low_confidence',
          }),
          userEmail: null,
          userTier: null,
          lastMessage: expect.stringContaining('passed your question'),
          messageCount: 2,
          unreadCount: 1,
        }),
      ]);
    });

    it("escalates on 'Talk to a person' and on a repeated question", async () => {
      const a = await startVisitor(app.url);
      expect((await a.escalate()).body).toMatchObject({
        status: 'escalated',
        escalationReason: 'requested_human',
      });
      const b = await startVisitor(app.url);
      await b.say('How do I export to SRT?');
      const again = await b.say('how do I export to SRT');
      expectStatus(again, 200);
      expect(again.body.session).toMatchObject({
        status: 'escalated',
        escalationReason: 'repeated_question',
      });
    });

    it('is refused on an origin no site allows', async () => {
      const refused = await startVisitor(app.url, { hostOrigin: 'http://evil.test' });
      expect(refused.started.status).toBe(403);
      expect(refused.started.body).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
      const cors = await new TestClient(app.url).api.chat.getSite({
        params: { siteKey: 'scrivo-app' },
        extraHeaders: {
          origin: 'http://evil.test',
        },
      });
      expect(cors.status).toBe(403);
      expect(cors.headers.get('access-control-allow-origin')).toBeNull();
      const ok = await new TestClient(app.url).api.chat.getSite({
        params: { siteKey: 'scrivo-app' },
        extraHeaders: {
          origin: 'http://allowed.test:8080',
        },
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://allowed.test:8080');
    });

    it('cannot read or write another session (wrong token answers 404)', async () => {
      const mine = await startVisitor(app.url);
      const other = await startVisitor(app.url);
      const client = new TestClient(app.url);
      const read = await client.api.chat.get({
        params: { sessionId: other.sessionId },
        headers: { 'x-chat-token': mine.token },
      });
      expect(read.status).toBe(404);
      const write = await client.api.chat.post({
        params: { sessionId: other.sessionId },
        body: { content: 'hi' },
        headers: { 'x-chat-token': mine.token },
      });
      expect(write.status).toBe(404);
    });

    it('gets clear errors for an empty or too long message, and nothing is saved', async () => {
      const visitor = await startVisitor(app.url);
      const empty = await visitor.say('   ');
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      const long = await visitor.say('x'.repeat(2001));
      expect(long.status).toBe(400);
      expect(bodyOf(await visitor.get(), 200).messages).toEqual([]);
    });

    it('is rate limited per session', async () => {
      const visitor = await startVisitor(app.url);
      const statuses: number[] = [];
      for (let i = 0; i < 9; i += 1)
        statuses.push((await visitor.say(`question number ${i} about exports`)).status);
      expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
      expect(statuses[8]).toBe(429);
    });

    it('stores markup as text', async () => {
      const visitor = await startVisitor(app.url);
      await visitor.say('<img src=x onerror=alert(1)> talk to a human');
      const body = bodyOf(await visitor.get(), 200);
      expect((body.messages as { content: string }[])[0]!.content).toBe(
        '<img src=x onerror=alert(1)> talk to a human',
      );
    });
  });

  describe('identity', () => {
    it('ties a chat to a user only with a valid signature, and the admin sees plan and usage', async () => {
      const { userId, email } = await signedInClient(app, { plan: 'premium' });
      const forged = await startVisitor(app.url, {
        identity: { userId, email, signature: sign('someone-else') },
      });
      expectStatus(forged.started, 201);
      expect(forged.started.body.session).toMatchObject({ identified: false });

      const verified = await startVisitor(app.url, {
        identity: { userId, email, signature: sign(userId, email) },
      });
      expectStatus(verified.started, 201);
      expect(verified.started.body.session).toMatchObject({ identified: true });
      const answer = await verified.say('How many minutes have I used this month?');
      expectStatus(answer, 200);
      expect((answer.body.messages as { content: string }[])[1]!.content).toContain('Premium plan');

      const detail = await admin.client.api.adminChat.getSession({
        params: { sessionId: verified.sessionId },
      });
      expectStatus(detail, 200);
      expect(detail.body.userContext).toEqual({
        accountInfo: { email },
        subscription: { tier: 'premium', usage: 0 },
      });
      const list = await admin.client.api.adminChat.listSessions({ query: { search: email } });
      expectStatus(list, 200);
      expect(list.body.sessions).toEqual([
        expect.objectContaining({ userEmail: email, userTier: 'premium' }),
      ]);
    });

    it('gives a signed-in user of the app a signed identity for the app’s own site', async () => {
      const { client, userId, email } = await signedInClient(app);
      const identity = await client.api.chat.myIdentity();
      expect(identity.body).toMatchObject({ siteKey: 'scrivo-app', userId, signature: sign(userId, email) });
      expect((await new TestClient(app.url).api.chat.myIdentity()).status).toBe(401);
    });
  });

  describe('the admin queue', () => {
    it('is for admins only', async () => {
      expect((await new TestClient(app.url).api.adminChat.listSessions()).status).toBe(401);
      const { client } = await signedInClient(app);
      expect((await client.api.adminChat.listSessions()).status).toBe(403);
    });

    it('opens a conversation (marking it read), replies, and sends & resolves; the visitor rates it', async () => {
      const visitor = await startVisitor(app.url);
      await visitor.say('I want to talk to a person about my invoice');
      const detail = await admin.client.api.adminChat.getSession({
        params: { sessionId: visitor.sessionId },
      });
      expectStatus(detail, 200);
      expect(detail.body.session).toMatchObject({ status: 'escalated', escalationReason: 'requested_human' });
      const list = await admin.client.api.adminChat.listSessions({ query: { search: 'invoice' } });
      expectStatus(list, 200);
      expect(list.body.sessions).toEqual([expect.objectContaining({ unreadCount: 0 })]);

      const reply = await admin.client.api.adminChat.respond({
        params: { sessionId: visitor.sessionId },
        body: {
          content: 'Hi! Ada here.',
          noteType: 'admin_response',
          markResolved: false,
        },
      });
      expectStatus(reply, 200);
      expect(reply.body).toMatchObject({
        success: true,
        message: { role: 'admin', content: 'Hi! Ada here.' },
      });
      expect((await visitor.rate(5)).status).toBe(409);

      const resolved = await admin.client.api.adminChat.respond({
        params: { sessionId: visitor.sessionId },
        body: {
          content: 'Sorted, thanks!',
          noteType: 'admin_response',
          markResolved: true,
        },
      });
      expectStatus(resolved, 200);
      expect(resolved.body.session).toMatchObject({ status: 'resolved' });
      const seen = await visitor.get(1);
      expectStatus(seen, 200);
      expect(
        (seen.body.messages as { role: string; content: string }[]).map((m) => [m.role, m.content]),
      ).toEqual([
        ['admin', 'Hi! Ada here.'],
        ['admin', 'Sorted, thanks!'],
      ]);
      expect((await visitor.rate(5)).body).toMatchObject({ rating: 5 });
      expect((await visitor.rate(4)).status).toBe(409);

      const reopened = await visitor.say('Can I cancel anytime?');
      expectStatus(reopened, 200);
      expect(reopened.body.session).toMatchObject({ status: 'active', rating: null });
    });

    it('closes a chat, and answers 404 for an unknown one', async () => {
      const visitor = await startVisitor(app.url);
      await visitor.say('hello there');
      const closed = await admin.client.api.adminChat.close({ params: { sessionId: visitor.sessionId } });
      expect(closed.body).toMatchObject({ success: true, session: { status: 'resolved' } });
      expect((await admin.client.api.adminChat.getSession({ params: { sessionId: 'nope' } })).status).toBe(
        404,
      );
      expect((await admin.client.api.adminChat.close({ params: { sessionId: 'nope' } })).status).toBe(404);
    });

    it('refuses a blank reply', async () => {
      const visitor = await startVisitor(app.url);
      const blank = await admin.client.api.adminChat.respond({
        params: { sessionId: visitor.sessionId },
        body: {
          content: '  ',
          markResolved: true,
        },
      });
      expectStatus(blank, 400);
    });

    it('pages by 20 and filters by status', async () => {
      const page = await admin.client.api.adminChat.listSessions();
      expect(page.body).toMatchObject({ page: 1, limit: 20 });
      const resolved = await admin.client.api.adminChat.listSessions({ query: { status: 'resolved' } });
      expectStatus(resolved, 200);
      expect(
        (resolved.body.sessions as { session: { status: string } }[]).every(
          (s) => s.session.status === 'resolved',
        ),
      ).toBe(true);
    });

    it('registers another site whose origin may then start chats', async () => {
      const created = await admin.client.api.adminChat.createSite({
        body: {
          name: 'Acme',
          allowedOrigins: ['https://acme.test'],
        },
      });
      expectStatus(created, 201);
      const siteKey = String(created.body.siteKey);
      const visitor = await startVisitor(app.url, { siteKey, hostOrigin: 'https://acme.test' });
      expect(visitor.started.status).toBe(201);
      const bad = await admin.client.api.adminChat.createSite({
        body: {
          name: 'Bad',
          allowedOrigins: ['https://*.acme.test'],
        },
      });
      expectStatus(bad, 400);
    });
  });

  describe('live events', () => {
    it('pushes an update to the visitor when an admin replies', async () => {
      const visitor = await startVisitor(app.url);
      await visitor.escalate();
      const controller = new AbortController();
      const response = await fetch(
        `${app.url}/api/chat/sessions/${visitor.sessionId}/events?token=${visitor.token}`,
        {
          signal: controller.signal,
        },
      );
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const until = async (needle: string) => {
        while (!text.includes(needle)) text += decoder.decode((await reader.read()).value);
      };
      await until('event: ready');
      await admin.client.api.adminChat.respond({
        params: { sessionId: visitor.sessionId },
        body: {
          content: 'Hello!',
          markResolved: false,
        },
      });
      await until('event: update');
      expect(text).toContain(`"sessionId":"${visitor.sessionId}"`);
      controller.abort();
      expect(
        (await fetch(`${app.url}/api/chat/sessions/${visitor.sessionId}/events?token=wrong`)).status,
      ).toBe(404);
    });
  });
});
