import { foldEvents, type RecordedEvent, toDomainEvent, type UpcasterRegistry } from '@scrivo/domain';
import { EmailStreamNames } from '@scrivo/domain/accounts';
import { chatSessionDecider } from '@scrivo/domain/chat';
import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPCASTERS } from '../../src/infrastructure/tokens';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { requestFor } from '../security/support/attack';
import { attack } from '../security/support/attack';
import { allRoutes, fill, SAFE_METHODS } from '../security/support/routes';
import { buildWorld, ownerView, type World } from '../security/support/world';
import { AUDITOR, AUDITOR_ENV, auditorClient, eventually, q } from './support';
import { bodyOf, expectStatus } from '../support/expect-status';

type Json = Record<string, unknown>;

describe('auditors replay any history, read-only, and are audited themselves', () => {
  let app: TestApp;
  let world: World;
  let auditor: TestClient;
  let recordingId: string;
  let sessionId: string;
  /** A chat the owner started signed in to the app: the widget sends the identity the app signed. */
  let identifiedChat: string;

  const stored = (streamId: string) => app.scrivo.adapters.events.readStream(streamId);
  /** The decider's own fold over the upcast prefix: what the time travel must show. */
  const fold = <S>(
    decider: { initialState(): S; evolve(s: S, e: never): S },
    events: RecordedEvent[],
  ): unknown => {
    const upcasters = app.scrivo.app.get<UpcasterRegistry>(UPCASTERS);
    return JSON.parse(
      JSON.stringify(
        foldEvents(
          decider as never,
          events.map((e) => toDomainEvent(upcasters.upcast(e))),
        ),
      ),
    );
  };

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
      ...AUDITOR_ENV,
    });
    world = await buildWorld(app);
    recordingId = world.ids.id!;
    sessionId = world.ids.sessionId!;
    auditor = await auditorClient(app);
    const identity = await world.owner.client.api.chat.myIdentity();
    expectStatus(identity, 200);
    const started = await world.owner.client.api.chat.start({
      body: {
        siteKey: 'scrivo-app',
        contextPage: '/dashboard',
        hostOrigin: app.url,
        identity: {
          userId: identity.body.userId,
          email: identity.body.email,
          signature: identity.body.signature,
        },
      },
    });
    expectStatus(started, 201);
    identifiedChat = (started.body.session as { sessionId: string }).sessionId;
  }, 120_000);
  afterAll(() => app?.close());

  const readRoutes = () => [
    `/api/audit/search${q({ by: 'stream', kind: 'recording', q: recordingId })}`,
    `/api/audit/events${q({ streamId: recordingStream(recordingId) })}`,
    `/api/audit/state${q({ streamId: recordingStream(recordingId), step: 0 })}`,
    `/api/audit/export${q({ streamId: recordingStream(recordingId), format: 'jsonl' })}`,
  ];

  describe('roles', () => {
    it('answers 401 to anonymous callers and 403 to users and admins on every audit read', async () => {
      for (const path of readRoutes()) {
        expect((await world.anonymous.get(path)).status, path).toBe(401);
        expect((await world.owner.client.get(path)).status, path).toBe(403);
        expect((await world.admin.get(path)).status, path).toBe(403);
        expect((await auditor.get(path)).status, path).toBe(200);
      }
    });

    it('is a sign-in of its own: an auditor session is not an admin session (admin routes answer 403)', async () => {
      expect((await auditor.api.audit.checkAuth()).body).toMatchObject({
        isAuthenticated: true,
        auditor: { email: AUDITOR.email },
      });
      expect((await auditor.api.accounts.adminCheckAuth()).body).toEqual({ isAuthenticated: false });
      expect((await auditor.api.adminUsers.listUsers()).status).toBe(403);
      expect((await auditor.api.adminAudit.auditReads()).status).toBe(403);
      const wrong = await new TestClient(app.url).api.audit.login({
        body: {
          username: AUDITOR.email,
          password: 'not-the-password',
        },
      });
      expectStatus(wrong, 401);
      // An admin's credentials do not open an auditor session either.
      expect(
        (
          await new TestClient(app.url).api.audit.login({
            body: {
              username: world.owner.email,
              password: 'test-password',
            },
          })
        ).status,
      ).toBe(401);
    });

    it('refuses every state-changing route of the contract and tus to an auditor with 403, and nothing changes', async () => {
      const before = await ownerView(world);
      const wrong: string[] = [];
      for (const route of allRoutes.filter((r) => !SAFE_METHODS.has(r.method))) {
        if (route.path === '/api/audit/login' || route.path === '/api/audit/logout') continue;
        const request = requestFor(route, {
          chatToken: world.chatToken,
          uploadOffset: String(64 * 1024),
          recordingId: world.ids.id,
        });
        const status = await attack(
          app.url,
          auditor,
          route.method,
          fill(route.path, world.ids) + request.query,
          request,
        );
        if (status !== 403) wrong.push(`${route.method} ${route.path}: ${status}`);
      }
      expect(wrong).toEqual([]);
      expect(await ownerView(world)).toEqual(before);
      // Still signed in: the refusals did not end the auditor's session.
      expect(bodyOf(await auditor.api.audit.checkAuth(), 200).isAuthenticated).toBe(true);
    });

    it('records every read on the auditor’s audit-log stream; an admin lists who read which stream, when', async () => {
      const streamId = recordingStream(recordingId);
      const started = new Date().toISOString();
      await auditor.api.audit.events({ query: { streamId } });
      await auditor.api.audit.state({ query: { streamId, step: 1 } });
      const answer = await world.admin.api.adminAudit.auditReads({ query: { limit: 50 } });
      expectStatus(answer, 200);
      const reads = (answer.body.reads as Json[]).filter((r) => String(r.at) >= started);
      expect(reads.map((r) => [r.view, r.streamId, r.auditorEmail])).toEqual(
        expect.arrayContaining([
          ['events', streamId, AUDITOR.email],
          ['state', streamId, AUDITOR.email],
        ]),
      );
      expect((await world.owner.client.api.adminAudit.auditReads()).status).toBe(403);
      const auditorId = bodyOf(await auditor.api.audit.checkAuth(), 200).auditor as { id: string };
      const log = await stored(`audit-log-${auditorId.id}`);
      expect(log.at(-1)?.metadata.actor).toEqual({ kind: 'auditor', id: auditorId.id });
    });

    it('lets an admin create an auditor in the console, who then signs in; users cannot', async () => {
      const body = { email: 'second-auditor@example.com', password: 'second-password-12' };
      expect((await world.owner.client.api.adminAudit.createAuditor({ body })).status).toBe(403);
      const created = await world.admin.api.adminAudit.createAuditor({ body });
      expectStatus(created, 201);
      expect(created.body.email).toBe(body.email);
      expect((await world.admin.api.adminAudit.createAuditor({ body })).status).toBe(409);
      const listed = await world.admin.api.adminAudit.listAuditors();
      expectStatus(listed, 200);
      expect((listed.body.auditors as Json[]).map((a) => a.email)).toContain(body.email);
      const second = await auditorClient(app, body);
      expect((await second.get(readRoutes()[1]!)).status).toBe(200);
    });
  });

  describe('search', () => {
    it('finds a stream by kind and id', async () => {
      const found = await auditor.api.audit.search({
        query: { by: 'stream', kind: 'recording', q: recordingId },
      });
      expectStatus(found, 200);
      expectStatus(found, 200);
      expect(found.body.streams).toEqual([
        expect.objectContaining({
          streamId: recordingStream(recordingId),
          kind: 'recording',
          eventCount: (await stored(recordingStream(recordingId))).length,
        }),
      ]);
      const unknown = await auditor.api.audit.search({ query: { by: 'stream', kind: 'nonsense', q: 'x' } });
      expectStatus(unknown, 400);
    });

    it("finds a user's streams by email: account, usage periods, recordings and chat sessions", async () => {
      const found = await eventually(
        async () =>
          bodyOf(
            await auditor.api.audit.search({ query: { by: 'email', q: world.owner.email.toUpperCase() } }),
            200,
          ),
        (r) => (r.streams as Json[]).some((s) => s.streamId === `chat-session-${identifiedChat}`),
      );
      const ids = (found.streams as Json[]).map((s) => s.streamId);
      expect(ids).toEqual(
        expect.arrayContaining([
          `user-${world.owner.userId}`,
          app.scrivo.app.get(EmailStreamNames).userEmail(world.owner.email),
          recordingStream(recordingId),
          `chat-session-${identifiedChat}`,
        ]),
      );
      expect(ids.some((id) => String(id).startsWith(`usage-${world.owner.userId}-`))).toBe(true);
      // No stream is named by the address itself.
      expect(ids.some((id) => String(id).toLowerCase().includes(world.owner.email.toLowerCase()))).toBe(
        false,
      );
      expect(ids.some((id) => String(id).includes(world.otherUser.userId))).toBe(false);
      // A chat the visitor never proved to be this user is not theirs.
      expect(ids).not.toContain(`chat-session-${sessionId}`);
    });

    it('finds a chat session by the last 8 characters of its id, as the admin queue shows them', async () => {
      const found = await eventually(
        async () =>
          bodyOf(
            await auditor.api.audit.search({ query: { by: 'chat', q: sessionId.slice(-8).toUpperCase() } }),
            200,
          ),
        (r) => (r.streams as Json[]).length > 0,
      );
      expect((found.streams as Json[]).map((s) => s.streamId)).toEqual([`chat-session-${sessionId}`]);
      expect((await auditor.api.audit.search({ query: { by: 'chat', q: 'ab' } })).status).toBe(400);
    });

    it('finds every event of one request across streams by its correlation id', async () => {
      const created = (await stored(recordingStream(recordingId)))[0]!;
      const correlationId = created.metadata.correlationId;
      const everywhere = (await app.scrivo.adapters.events.readAll()).filter(
        (e) => e.metadata.correlationId === correlationId,
      );
      expect(new Set(everywhere.map((e) => e.streamId)).size).toBeGreaterThan(1);
      const found = await eventually(
        async () =>
          bodyOf(await auditor.api.audit.search({ query: { by: 'correlation', q: correlationId } }), 200),
        (r) => (r.events as Json[] | undefined)?.length === everywhere.length,
      );
      expect((found.events as Json[]).map((e) => [e.streamId, e.revision, e.type])).toEqual(
        everywhere.map((e) => [e.streamId, e.streamRevision, e.type]),
      );
      expect((found.streams as Json[]).map((s) => s.streamId).sort()).toEqual(
        [...new Set(everywhere.map((e) => e.streamId))].sort(),
      );
    });
  });

  describe('stream view and time travel', () => {
    it('pages through a stream in order with every envelope field', async () => {
      const streamId = recordingStream(recordingId);
      const all = await stored(streamId);
      const seen: Json[] = [];
      let from: number | null = 0;
      while (from !== null) {
        const page = await auditor.api.audit.events({ query: { streamId, from, limit: 2 } });
        expectStatus(page, 200);
        expect(page.body.total).toBe(all.length);
        seen.push(...(page.body.events as Json[]));
        from = page.body.nextFrom as number | null;
      }
      expect(seen.map((e) => e.revision)).toEqual(all.map((e) => e.streamRevision));
      expect(seen[0]).toEqual({
        streamId,
        revision: 0,
        globalPosition: all[0]!.globalPosition,
        eventId: all[0]!.metadata.eventId,
        type: 'RecordingCreated',
        schemaVersion: all[0]!.schemaVersion,
        occurredAt: all[0]!.metadata.occurredAt,
        actor: { kind: 'user', id: world.owner.userId },
        correlationId: all[0]!.metadata.correlationId,
        causationId: all[0]!.metadata.causationId,
        data: JSON.parse(JSON.stringify(all[0]!.data)),
      });
    });

    it("shows a recording's state at every step exactly as recordingDecider folds the prefix, with the diff", async () => {
      const streamId = recordingStream(recordingId);
      const all = await stored(streamId);
      for (let step = 0; step < all.length; step += 1) {
        const answer = await auditor.api.audit.state({ query: { streamId, step } });
        expectStatus(answer, 200);
        expect(answer.body.state).toEqual(fold(recordingDecider, all.slice(0, step + 1)));
        expect(answer.body.previous).toEqual(fold(recordingDecider, all.slice(0, step)));
        expect((answer.body.event as Json).type).toBe(all[step]!.type);
      }
      const first = await auditor.api.audit.state({ query: { streamId, step: 0 } });
      expectStatus(first, 200);
      expect(first.body.changes).toEqual(
        expect.arrayContaining([{ path: 'exists', before: false, after: true }]),
      );
      const last = await auditor.api.audit.state({ query: { streamId, step: all.length - 1 } });
      expectStatus(last, 200);
      expect(last.body.moment).toMatchObject({
        kind: 'recording',
        status: 'completed',
        transcriptVersion: 1,
        minutes: 1,
      });
      expect((await auditor.api.audit.state({ query: { streamId, step: all.length } })).status).toBe(404);
    });

    it('shows a chat session’s state by chatSessionDecider and the conversation as the visitor and the admin saw it', async () => {
      const streamId = `chat-session-${sessionId}`;
      const all = await stored(streamId);
      const step = all.findIndex((e) => e.type === 'ChatMessagePosted');
      const answer = await auditor.api.audit.state({ query: { streamId, step } });
      expectStatus(answer, 200);
      expect(answer.body.state).toEqual(fold(chatSessionDecider, all.slice(0, step + 1)));
      expect(answer.body.moment).toMatchObject({
        kind: 'chat-session',
        visitor: [{ role: 'user', content: 'Hello' }],
        admin: { lines: [{ role: 'user', content: 'Hello', confidenceScore: null }] },
      });
      const before = await auditor.api.audit.state({ query: { streamId, step: 0 } });
      expectStatus(before, 200);
      expect((before.body.moment as { visitor: unknown[] }).visitor).toEqual([]);
    });
  });

  describe('exports', () => {
    it('exports a stream as JSON Lines, one stored event a line, that parse back to exactly the stored events', async () => {
      for (const streamId of [recordingStream(recordingId), `chat-session-${sessionId}`]) {
        const answer = await auditor.api.audit.export({ query: { streamId, format: 'jsonl' } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toContain('application/x-ndjson');
        expect(answer.headers.get('content-disposition')).toContain('attachment');
        const lines = answer.text
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown);
        expect(lines).toEqual(JSON.parse(JSON.stringify(await stored(streamId))));
      }
    });

    it('exports a readable PDF report of the history', async () => {
      const answer = await fetch(
        `${app.url}/api/audit/export${q({ streamId: recordingStream(recordingId), format: 'pdf' })}`,
        { headers: { cookie: auditor.cookieHeader } },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(2000);
    });
  });
});
