import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ReadModelStore } from '@scrivo/domain';
import { AccountStreams, EmailStreamNames } from '@scrivo/domain/accounts';
import { recordingStream } from '@scrivo/domain/recordings';
import { SESSION_COOKIE, SessionStore } from '../../src/common/auth/session-store';
import { EVENT_STORE, READ_MODELS } from '../../src/infrastructure/tokens';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { bodyOf, expectStatus } from '../support/expect-status';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };
const AUDITOR = { email: 'auditor@scrivo.test', password: 'auditor-secret-1' };

describe('Delete my account', () => {
  let app: TestApp;
  let admin: TestClient;
  let auditor: TestClient;
  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      // No job worker: the upload stays queued, and the erasure must cancel its work too.
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
      SCRIVO_AUDITOR_EMAIL: AUDITOR.email,
      SCRIVO_AUDITOR_PASSWORD: AUDITOR.password,
    });
    admin = new TestClient(app.url);
    expect(
      (await admin.api.accounts.adminLogin({ body: { username: ADMIN.email, password: ADMIN.password } }))
        .status,
    ).toBe(200);
    auditor = new TestClient(app.url);
    expect(
      (await auditor.api.audit.login({ body: { username: AUDITOR.email, password: AUDITOR.password } }))
        .status,
    ).toBe(200);
  });
  afterAll(async () => app?.close());

  const readModels = () => app.scrivo.app.get<ReadModelStore>(READ_MODELS);
  const events = () => app.scrivo.app.get<EventStore>(EVENT_STORE);
  const upload = async (client: TestClient): Promise<string> => {
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    return created.body.id as string;
  };
  const erasedAccounts = async (client: TestClient) =>
    bodyOf(await client.api.privacy.erasedAccounts(), 200).items as {
      userId: string;
      erasedAt: string | null;
    }[];

  it('needs a signed-in user and the right password; a wrong one changes nothing', async () => {
    expect(
      (await new TestClient(app.url).api.privacy.deleteAccount({ body: { password: 'x' } })).status,
    ).toBe(401);
    const { client } = await signedInClient(app);
    const wrong = await client.api.privacy.deleteAccount({ body: { password: 'not-my-password' } });
    expectStatus(wrong, 403);
    expect(wrong.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    expect((await client.api.accounts.currentUser()).status).toBe(200);
  });

  it('signs out everywhere, erases every recording with its media and documents, frees the address', async () => {
    const { client, email, userId } = await signedInClient(app);
    const otherBrowser = new TestClient(app.url);
    const other = await app.scrivo.app.get(SessionStore).create('user', userId);
    otherBrowser.setCookie(SESSION_COOKIE.user, other.id);
    expect((await otherBrowser.api.accounts.currentUser()).status).toBe(200);
    const recordingId = await upload(client);
    // An invitation still open for the address (the console lists invitations by address).
    expect((await admin.api.adminUsers.invite({ body: { email } })).status).toBe(200);
    expect(await readModels().collection('invitations').get(email)).not.toBeNull();
    const asked = await client.api.privacy.requestDataExport();
    expectStatus(asked, 202);
    const exportId = asked.body.id as string;
    const archive = join(app.dataDir, 'blobs', 'exports', exportId, 'scrivo-data.zip');
    await waitUntil('the archive is built', async () => existsSync(archive));
    const blob = join(app.dataDir, 'blobs', 'recordings', recordingId, 'original');
    expect(existsSync(blob)).toBe(true);

    const deleted = await client.api.privacy.deleteAccount({ body: { password: 'test-password' } });
    expectStatus(deleted, 200);
    expect(client.cookie('scrivo_session')).toBeUndefined();
    expect((await otherBrowser.api.accounts.currentUser()).status).toBe(401);
    const signIn = await new TestClient(app.url).api.accounts.login({
      body: { email, password: 'test-password' },
    });
    expectStatus(signIn, 401);

    await waitUntil('the erasure is done', async () =>
      (await erasedAccounts(admin)).some((a) => a.userId === userId && a.erasedAt !== null),
    );
    await waitUntil('the media is gone from the blob store', async () => !existsSync(blob));
    expect(await readModels().collection('users').get(userId)).toBeNull();
    expect(await readModels().collection('recordings').get(recordingId)).toBeNull();
    expect(await readModels().collection('sessions').count({ subjectId: userId })).toBe(0);
    expect(existsSync(archive)).toBe(false);
    expect(await readModels().collection('data-exports').get(exportId)).toBeNull();
    expect(await readModels().collection('invitations').get(email)).toBeNull();

    const recording = (await events().readStream(recordingStream(recordingId))).map((e) => e.type);
    expect(recording.slice(-4)).toEqual([
      'TranscriptionCancelled',
      'RecordingDeleted',
      'RecordingMediaPurged',
      'RecordingErased',
    ]);
    const account = (await events().readStream(AccountStreams.user(userId))).map((e) => e.type);
    expect(account.slice(-2)).toEqual(['AccountErasureRequested', 'AccountErased']);

    // The address is free again for a new sign-up.
    const exists = await new TestClient(app.url).api.accounts.checkUserExists({ body: { email } });
    expect(exists.body).toEqual({ exists: false });
    const claim = (await events().readStream(app.scrivo.app.get(EmailStreamNames).userEmail(email))).map(
      (e) => e.type,
    );
    expect(claim).toEqual(['EmailClaimed', 'EmailClaimReleased']);
  });

  it('admins and auditors see when an account was erased and by whom, never what it held', async () => {
    const { client, email, userId } = await signedInClient(app);
    expect((await client.api.privacy.erasedAccounts()).status).toBe(403);
    expect((await new TestClient(app.url).api.privacy.erasedAccounts()).status).toBe(401);
    expect((await client.api.privacy.deleteAccount({ body: { password: 'test-password' } })).status).toBe(
      200,
    );
    await waitUntil('the erasure is done', async () =>
      (await erasedAccounts(auditor)).some((a) => a.userId === userId && a.erasedAt !== null),
    );
    const seen = await admin.api.privacy.erasedAccounts();
    expectStatus(seen, 200);
    const row = (seen.body.items as { userId: string }[]).find((a) => a.userId === userId);
    expect(row).toMatchObject({ userId, requestedBy: { kind: 'user', id: userId } });
    expect(seen.text).not.toContain(email);
  });
});
