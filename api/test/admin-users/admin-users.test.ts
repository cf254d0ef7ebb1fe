import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given } from '../support/given';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { latestVerificationCode, mailsTo } from '../accounts/support/outbox';
import { toneWav, tusFetch } from '../security/support/world';
import { ADMIN_ENV, adminClient } from './support';
import { bodyOf, expectStatus } from '../support/expect-status';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the operator console: users and plans', () => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    // No job worker: a reserved transcription stays reserved (nothing fails and gives its minutes back).
    app = await startTestApp({ ...ADMIN_ENV, SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    admin = await adminClient(app);
  });
  afterAll(async () => app?.close());

  describe('who may call it', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/some-id'],
      ['POST', '/api/admin/users', { email: 'x@example.com', firstName: 'X', lastName: 'Y' }],
      ['POST', '/api/admin/users/some-id/plan', { plan: 'premium', reason: 'r' }],
      ['POST', '/api/admin/users/some-id/minutes', { minutes: 5, reason: 'r' }],
      ['POST', '/api/admin/users/some-id/suspend', { reason: 'r' }],
      ['POST', '/api/admin/users/some-id/reactivate', { reason: 'r' }],
      ['POST', '/api/admin/users/some-id/resend-verification'],
      ['POST', '/api/admin/invitations', { email: 'x@example.com' }],
    ];

    it('answers 401 to anonymous callers on every call', async () => {
      const anonymous = new TestClient(app.url);
      for (const [method, path, body] of calls) {
        const answer = await anonymous.request(method, path, body);
        expect({ path, status: answer.status }).toEqual({ path, status: 401 });
      }
    });

    it('answers 403 to signed-in users on every call', async () => {
      const { client } = await signedInClient(app);
      for (const [method, path, body] of calls) {
        const answer = await client.request(method, path, body);
        expect({ path, status: answer.status }).toEqual({ path, status: 403 });
        expect(answer.body).toMatchObject({ code: 'FORBIDDEN' });
      }
    });
  });

  describe('validation', () => {
    it('refuses bad input with 400 and a message, and unknown users with 404', async () => {
      const { userId } = await signedInClient(app);
      const bad: [string, string, unknown][] = [
        ['GET', '/api/admin/users?page=0', undefined],
        ['GET', '/api/admin/users?status=sleeping', undefined],
        ['POST', `/api/admin/users/${userId}/plan`, { plan: 'platinum', reason: 'r' }],
        ['POST', `/api/admin/users/${userId}/plan`, { plan: 'premium' }],
        ['POST', `/api/admin/users/${userId}/plan`, { plan: 'premium', reason: '   ' }],
        ['POST', `/api/admin/users/${userId}/plan`, { plan: 'premium', reason: 'r', until: 'next week' }],
        [
          'POST',
          `/api/admin/users/${userId}/plan`,
          { plan: 'premium', reason: 'r', until: '2001-01-01T00:00:00Z' },
        ],
        ['POST', `/api/admin/users/${userId}/minutes`, { minutes: 0, reason: 'r' }],
        ['POST', `/api/admin/users/${userId}/minutes`, { minutes: 1.5, reason: 'r' }],
        ['POST', `/api/admin/users/${userId}/minutes`, { minutes: '10', reason: 'r' }],
        ['POST', `/api/admin/users/${userId}/suspend`, {}],
        ['POST', '/api/admin/invitations', { email: 'not an address' }],
      ];
      for (const [method, path, body] of bad) {
        const answer = await admin.request(method, path, body);
        expect({ path, body, status: answer.status }).toEqual({ path, body, status: 400 });
        expect(typeof answer.body.message).toBe('string');
      }
      for (const [method, path, body] of [
        ['GET', '/api/admin/users/nobody', undefined],
        ['POST', '/api/admin/users/nobody/plan', { plan: 'premium', reason: 'r' }],
        ['POST', '/api/admin/users/nobody/suspend', { reason: 'r' }],
      ] as const) {
        expect((await admin.request(method, path, body)).status).toBe(404);
      }
    });
  });

  describe('the list', () => {
    it('searches by email or name, filters by status and pages by 20, with each row complete', async () => {
      const tag = `page${Date.now().toString(36)}`;
      const made = [];
      for (let i = 0; i < 21; i += 1)
        made.push(await signedInClient(app, { email: `${tag}-${i}@example.com` }));
      const first = await admin.api.adminUsers.listUsers({ query: { q: tag } });
      expectStatus(first, 200);
      expect(first.body).toMatchObject({ total: 21, page: 1, pageSize: 20 });
      expect(first.body.users as unknown[]).toHaveLength(20);
      const second = await admin.api.adminUsers.listUsers({ query: { q: tag, page: 2 } });
      expectStatus(second, 200);
      expect(second.body.users as unknown[]).toHaveLength(1);

      const byEmail = await admin.api.adminUsers.listUsers({ query: { q: made[3]!.email.toUpperCase() } });
      expectStatus(byEmail, 200);
      expect(byEmail.body.users).toEqual([
        {
          id: made[3]!.userId,
          email: made[3]!.email,
          firstName: 'Test',
          lastName: 'User',
          plan: 'free',
          planUntil: null,
          planAfter: null,
          minutesUsed: 0,
          minutesAllowed: 5,
          minutesGranted: 0,
          period: expect.stringMatching(/^\d{4}-\d{2}$/),
          recordings: 0,
          emailVerified: true,
          suspended: false,
          createdAt: expect.any(String),
          // Their sign-up (with a verified address) signed them in: never "Never" for someone signed in.
          lastSignInAt: expect.any(String),
        },
      ]);
      // By name: signedInClient users are all "Test User"; the tag narrows them to this test's.
      const byName = await admin.api.adminUsers.listUsers({ query: { q: 'user' } });
      expectStatus(byName, 200);
      expect(byName.body.total as number).toBeGreaterThanOrEqual(21);

      await admin.api.adminUsers.suspend({
        params: { userId: made[0]!.userId },
        body: { reason: 'List filter test' },
      });
      const suspended = await admin.api.adminUsers.listUsers({ query: { q: tag, status: 'suspended' } });
      expectStatus(suspended, 200);
      expect((suspended.body.users as { id: string }[]).map((u) => u.id)).toEqual([made[0]!.userId]);
      const active = await admin.api.adminUsers.listUsers({ query: { q: tag, status: 'active' } });
      expectStatus(active, 200);
      expect(active.body.total).toBe(20);
      const unverified = await admin.api.adminUsers.listUsers({ query: { q: tag, status: 'unverified' } });
      expectStatus(unverified, 200);
      expect(unverified.body.total).toBe(0);
    });
  });

  describe('changing the plan', () => {
    it('the user, still signed in, sees the new plan on the next GET /api/user and /api/usage', async () => {
      const { client, userId } = await signedInClient(app);
      expect((await client.api.recordings.usage()).body).toMatchObject({ plan: 'free', minutesAllowed: 5 });
      const answer = await admin.api.adminUsers.setPlan({
        params: { userId },
        body: {
          plan: 'business_pro',
          reason: 'Team pilot',
        },
      });
      expectStatus(answer, 200);
      expect(answer.body.user).toMatchObject({ plan: 'business_pro', planUntil: null, minutesAllowed: null });
      expect(answer.body.history).toEqual([
        {
          type: 'plan_set',
          at: expect.any(String),
          by: { kind: 'admin', adminId: expect.any(String), label: 'root@scrivo.test' },
          reason: 'Team pilot',
          from: 'free',
          to: 'business_pro',
          until: null,
          thenPlan: null,
        },
      ]);
      expect((await client.api.accounts.currentUser()).body).toMatchObject({
        plan: 'business_pro',
        planUntil: null,
      });
      expect((await client.api.recordings.usage()).body).toMatchObject({
        plan: 'business_pro',
        minutesAllowed: null,
        maxUploadBytes: 1024 * 1024 * 1024,
      });
    });

    it('a plan given until a date ends by itself and the lasting plan comes back', async () => {
      const { client, userId } = await signedInClient(app);
      await admin.api.adminUsers.setPlan({
        params: { userId },
        body: { plan: 'premium', reason: 'Paid by invoice' },
      });
      const until = new Date(Date.now() + 1500).toISOString();
      const answer = await admin.api.adminUsers.setPlan({
        params: { userId },
        body: {
          plan: 'business_pro',
          until,
          reason: 'Trial of speaker labels',
        },
      });
      expectStatus(answer, 200);
      expect(answer.body.user).toMatchObject({
        plan: 'business_pro',
        planUntil: until,
        planAfter: 'premium',
      });
      expect((await client.api.accounts.currentUser()).body).toMatchObject({
        plan: 'business_pro',
        planUntil: until,
        planAfter: 'premium',
      });
      await sleep(Date.parse(until) - Date.now() + 100);
      expect((await client.api.accounts.currentUser()).body).toMatchObject({
        plan: 'premium',
        planUntil: null,
      });
      expect((await client.api.recordings.usage()).body).toMatchObject({
        plan: 'premium',
        minutesAllowed: 120,
      });
      expect(bodyOf(await admin.api.adminUsers.getUser({ params: { userId } }), 200).user).toMatchObject({
        plan: 'premium',
      });
    });
  });

  describe('recordings', () => {
    it("counts the user's recordings on the row", async () => {
      const { client, userId, email } = await signedInClient(app);
      await client.api.health.health();
      const started = await tusFetch(client, `${app.url}/api/uploads`, 'POST', {
        'Upload-Length': String(64 * 1024),
        'Upload-Metadata': `filename ${Buffer.from('interview.wav').toString('base64')}`,
      });
      expect(started.status).toBe(201);
      const answer = await admin.api.adminUsers.listUsers({ query: { q: email } });
      expectStatus(answer, 200);
      expect(answer.body.users).toEqual([expect.objectContaining({ id: userId, recordings: 1 })]);
    });
  });

  describe('granting minutes', () => {
    it("raises this period's allowance on the user's page and records who and why", async () => {
      const { userId } = await signedInClient(app);
      const answer = await admin.api.adminUsers.grantMinutes({
        params: { userId },
        body: {
          minutes: 30,
          reason: 'Refund',
        },
      });
      expectStatus(answer, 200);
      expect(answer.body.user).toMatchObject({ minutesAllowed: 35, minutesGranted: 30 });
      expect(answer.body.history).toEqual([
        expect.objectContaining({ type: 'minutes_granted', minutes: 30, reason: 'Refund' }),
      ]);
    });
  });

  describe('granted minutes count when a transcription reserves its minutes', () => {
    it('a Free user whose 6-minute file does not fit in 5 minutes can transcribe it after a grant', async () => {
      const { client, userId } = await signedInClient(app);
      const sixMinutes = new Uint8Array(toneWav(6 * 60));
      const upload = () => {
        const form = new FormData();
        form.set('file', new Blob([sixMinutes]), 'meeting.wav');
        return client.api.recordings.create({ body: form });
      };
      const refused = await upload();
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED' });

      await admin.api.adminUsers.grantMinutes({
        params: { userId },
        body: { minutes: 10, reason: 'Board meeting' },
      });
      const accepted = await upload();
      expectStatus(accepted, 201);
      const row = bodyOf(await admin.api.adminUsers.getUser({ params: { userId } }), 200).user;
      expect(row).toMatchObject({ minutesUsed: 6, minutesAllowed: 15, minutesGranted: 10 });
    });
  });

  describe('suspending', () => {
    it('ends every session at once, refuses sign-in, keeps the data; reactivating lets the user back in', async () => {
      const { client, userId, email } = await signedInClient(app);
      const otherSession = await signedInClient(app, { email: `second-${email}` });
      expect((await client.api.accounts.currentUser()).status).toBe(200);
      const upload = await tusFetch(client, `${app.url}/api/uploads`, 'POST', {
        'Upload-Length': String(64 * 1024),
        'Upload-Metadata': `filename ${Buffer.from('kept.wav').toString('base64')}`,
      });
      expect(upload.status).toBe(201);
      const suspended = await admin.api.adminUsers.suspend({
        params: { userId },
        body: {
          reason: 'Abuse report #12',
        },
      });
      expectStatus(suspended, 200);
      expect(suspended.body.user).toMatchObject({ suspended: true });
      expect((await client.api.accounts.currentUser()).status).toBe(401);
      expect((await client.api.recordings.list()).status).toBe(401);
      expect((await otherSession.client.api.accounts.currentUser()).status).toBe(200); // only that user's sessions

      const signIn = await new TestClient(app.url).api.accounts.login({
        body: { email, password: 'test-password' },
      });
      expectStatus(signIn, 403);
      expect(signIn.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
      expect(signIn.body.message).toContain('suspended');
      const wrong = await new TestClient(app.url).api.accounts.login({
        body: { email, password: 'not-the-password' },
      });
      expectStatus(wrong, 401);

      const reactivated = await admin.api.adminUsers.reactivate({
        params: { userId },
        body: { reason: 'Resolved' },
      });
      expectStatus(reactivated, 200);
      expect(reactivated.body.user).toMatchObject({ suspended: false, email });
      expect(
        (reactivated.body.history as { type: string; reason: string }[]).map((h) => [h.type, h.reason]),
      ).toEqual([
        ['reactivated', 'Resolved'],
        ['suspended', 'Abuse report #12'],
      ]);
      const again = new TestClient(app.url);
      expect((await again.api.accounts.login({ body: { email, password: 'test-password' } })).status).toBe(
        200,
      );
      expect((await again.api.accounts.currentUser()).body).toMatchObject({ id: userId });
      // The data stayed through the suspension.
      const recordings = await again.api.recordings.list();
      expect(JSON.stringify(recordings.body)).toContain('kept');
    });
  });

  describe('creating an account', () => {
    it('finishes one whose creation stopped after its address was claimed, under the same id', async () => {
      const email = `half-made-${Date.now().toString(36)}@example.com`;
      const claimedFor = randomUUID();
      // What a crash between the two steps of opening an account leaves: the address claimed, no account behind it.
      await given(app).emailClaim(email, [
        { type: 'EmailClaimed', data: { email, ownerId: claimedFor, at: new Date().toISOString() } },
      ]);
      expect((await admin.api.adminUsers.getUser({ params: { userId: claimedFor } })).status).toBe(404);

      const created = await admin.api.adminUsers.createUser({
        body: { email, firstName: 'Hal', lastName: 'Made' },
      });
      expectStatus(created, 201);
      expect(created.body).toEqual({ id: claimedFor, email });
      const detail = await admin.api.adminUsers.getUser({ params: { userId: claimedFor } });
      expectStatus(detail, 200);
      expect(detail.body.user).toMatchObject({ email, suspended: false });
      const again = await admin.api.adminUsers.createUser({
        body: { email, firstName: 'Hal', lastName: 'Made' },
      });
      expectStatus(again, 409);
      expect(again.body).toMatchObject({ code: 'EMAIL_TAKEN' });
    });
  });

  describe('verification', () => {
    it('resends a code to an unverified user and refuses for a verified one', async () => {
      const email = `unverified-${Date.now().toString(36)}@example.com`;
      const created = await admin.api.adminUsers.createUser({
        body: { email, firstName: 'Una', lastName: 'Verified' },
      });
      expectStatus(created, 201);
      const userId = (created.body as { id: string }).id;
      const before = (await mailsTo(app.dataDir, email)).length;
      const answer = await admin.api.adminUsers.resendVerification({ params: { userId } });
      expectStatus(answer, 200);
      expect((await mailsTo(app.dataDir, email)).length).toBe(before + 1);
      expect(await latestVerificationCode(app.dataDir, email)).toMatch(/^\d{6}$/);

      const { userId: verified } = await signedInClient(app);
      expect((await admin.api.adminUsers.resendVerification({ params: { userId: verified } })).status).toBe(
        409,
      );
    });
  });
});
