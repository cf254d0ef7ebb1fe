import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { TestClient } from '../support/http-client';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';

const ADMIN = { email: 'ops@example.com', password: 'operator-password' };
const AUDITOR = { email: 'audit@example.com', password: 'auditor-password' };

/**
 * Issue 45's fault run killed an API replica under traffic: it never came back, because its start-up writes (the
 * app's chat site, the admin and the auditor from the environment) waited for read models the busy projector had
 * not reached, and the 503 READ_MODELS_BEHIND ended the start. Here no projector runs at all when the replica
 * starts: the read models never catch up until one does.
 */
describe('an API replica that starts while the read models are behind', () => {
  let dataDir: string;
  const processes: ApiProcess[] = [];
  const env = () => ({
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_ADMIN_EMAIL: ADMIN.email,
    SCRIVO_ADMIN_PASSWORD: ADMIN.password,
    SCRIVO_AUDITOR_EMAIL: AUDITOR.email,
    SCRIVO_AUDITOR_PASSWORD: AUDITOR.password,
    // Sign-ins are tried until the projector has caught up: no per-address limit in the way.
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    LOG_LEVEL: 'warn',
  });

  beforeAll(() => {
    ensureServerBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'scrivo-replica-start-'));
  });

  afterAll(async () => {
    for (const p of processes) await p.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts and serves, and what it wrote at start-up is there once a projector catches up', async () => {
    const replica = await startApiProcess({ ...env(), SCRIVO_RUN_PROJECTIONS: 'false' });
    processes.push(replica);
    // startApiProcess throws if the process ends before it serves; it serves (its health says the read models are
    // behind, or not), and keeps running.
    const health = await fetch(`${replica.url}/api/health`);
    expect([200, 503]).toContain(health.status);
    expect(replica.process.exitCode).toBeNull();

    processes.push(await startApiProcess({ ...env(), SCRIVO_RUN_PROJECTIONS: 'true' }));
    const admin = new TestClient(replica.url);
    let signedIn = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      signedIn = (
        await admin.api.accounts.adminLogin({ body: { username: ADMIN.email, password: ADMIN.password } })
      ).status;
      if (signedIn === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(signedIn).toBe(200);
    const auditor = await new TestClient(replica.url).api.audit.login({
      body: { username: AUDITOR.email, password: AUDITOR.password },
    });
    expect(auditor.status).toBe(200);
    expect(replica.process.exitCode).toBeNull();
  }, 120_000);

  it('keeps an upload whose read-back timed out: saved, charged, and in the library once a projector catches up', async () => {
    const [replica, projector] = processes as [ApiProcess, ApiProcess];
    const user = await signUpOver(projector.url, dataDir, `upload-${Date.now().toString(36)}@example.com`);
    // The projector dies: the replica saves the upload, then waits in vain for the read models to hold it.
    await projector.stop('SIGKILL');
    const form = new FormData();
    form.set('file', new Blob([readFileSync(sharedAudio('jfk/jfk.wav'))]), 'jfk.wav');
    const upload = await user.at(replica.url).api.recordings.create({ body: form });
    expect(upload.status).toBe(503);
    expect(upload.text).toContain('READ_MODELS_BEHIND');

    processes.push(await startApiProcess({ ...env(), SCRIVO_RUN_PROJECTIONS: 'true' }));
    let listed: string[] = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && listed.length === 0;) {
      const list = await user.at(replica.url).api.recordings.list({ query: {} });
      listed = list.status === 200 ? list.body.items.map((r) => r.title) : [];
      if (listed.length === 0) await new Promise((r) => setTimeout(r, 500));
    }
    expect(listed).toEqual(['jfk']);
  }, 120_000);
});
