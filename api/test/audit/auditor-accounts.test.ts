import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { AUDITOR, AUDITOR_ENV } from './support';
import { expectStatus } from '../support/expect-status';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };

describe('auditor accounts are made like admins: environment, command line, console', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
      ...AUDITOR_ENV,
    });
  });
  afterAll(() => app?.close());

  const signIn = (path: string, username: string, password: string) =>
    new TestClient(app.url).post(path, { username, password });

  it('the environment makes an auditor who signs in at /api/audit/login and nowhere else', async () => {
    expect((await signIn('/api/audit/login', AUDITOR.email.toUpperCase(), AUDITOR.password)).status).toBe(
      200,
    );
    expect((await signIn('/api/admin/login', AUDITOR.email, AUDITOR.password)).status).toBe(401);
    expect((await signIn('/api/login', AUDITOR.email, AUDITOR.password)).status).not.toBe(200);
    // And an admin is not an auditor.
    expect((await signIn('/api/audit/login', ADMIN.email, ADMIN.password)).status).toBe(401);
    const stream = await app.scrivo.adapters.events.readAll();
    const created = stream.find((e) => e.type === 'AuditorCreated');
    expect(created?.data).toMatchObject({ email: AUDITOR.email, createdBy: { kind: 'environment' } });
  });

  it('the add-auditor CLI adds another auditor to the same data directory', async () => {
    const cli = join(import.meta.dirname, '../../src/accounts/cli/add-auditor.ts');
    const result = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cli, '--email', 'cli-auditor@scrivo.test'],
      {
        env: { ...process.env, SCRIVO_DATA_DIR: app.dataDir, SCRIVO_AUDITOR_NEW_PASSWORD: 'cli-secret-3' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Auditor cli-auditor@scrivo.test created.');
    let answer = await signIn('/api/audit/login', 'cli-auditor@scrivo.test', 'cli-secret-3');
    // The running server's projection picks the new auditor up from the shared event store.
    for (let i = 0; i < 40 && answer.status !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await signIn('/api/audit/login', 'cli-auditor@scrivo.test', 'cli-secret-3');
    }
    expect(answer.status).toBe(200);
  });

  it('an admin signed in to the console creates an auditor, who can read and whose reads the admin sees', async () => {
    const admin = new TestClient(app.url);
    expect(
      (await admin.api.accounts.adminLogin({ body: { username: ADMIN.email, password: ADMIN.password } }))
        .status,
    ).toBe(200);
    const made = await admin.api.adminAudit.createAuditor({
      body: {
        email: 'console-auditor@scrivo.test',
        password: 'console-secret-12',
      },
    });
    expectStatus(made, 201);
    const short = await admin.api.adminAudit.createAuditor({
      body: { email: 'x@scrivo.test', password: 'short' },
    });
    expectStatus(short, 400);
    const auditor = new TestClient(app.url);
    expect(
      (
        await auditor.api.audit.login({
          body: {
            username: 'console-auditor@scrivo.test',
            password: 'console-secret-12',
          },
        })
      ).status,
    ).toBe(200);
    const streamId = `audit-log-${String(made.body.id)}`;
    expect((await auditor.api.audit.events({ query: { streamId } })).status).toBe(200);
    const reads = await admin.api.adminAudit.auditReads();
    expectStatus(reads, 200);
    expect(reads.body.reads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ auditorEmail: 'console-auditor@scrivo.test', streamId, view: 'events' }),
      ]),
    );
    const created = (await app.scrivo.adapters.events.readStream(`auditor-${String(made.body.id)}`))[0];
    expect(created?.metadata.actor.kind).toBe('admin');
    expect(created?.data).toMatchObject({ createdBy: { kind: 'admin' } });
  });
});
