import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signUp } from './support/flows';
import { bodyOf, expectStatus } from '../support/expect-status';

const ADMIN = { SCRIVO_ADMIN_EMAIL: 'Support@Scrivo.test', SCRIVO_ADMIN_PASSWORD: 'admin-secret-1' };

describe('admin sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100', ...ADMIN });
  });
  afterAll(async () => app?.close());

  it('signs in the admin created from SCRIVO_ADMIN_EMAIL/PASSWORD with a separate session cookie', async () => {
    const client = new TestClient(app.url);
    expect((await client.api.accounts.adminCheckAuth()).body).toEqual({ isAuthenticated: false });
    const answer = await client.api.accounts.adminLogin({
      body: {
        username: 'support@scrivo.test',
        password: 'admin-secret-1',
      },
    });
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ success: true, admin: { email: 'support@scrivo.test' } });
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('scrivo_admin_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(client.cookie('scrivo_session')).toBeUndefined();
    expect((await client.api.accounts.adminCheckAuth()).body).toMatchObject({ isAuthenticated: true });
    // An admin session is not a user session.
    expect((await client.api.accounts.currentUser()).status).toBe(401);

    expect((await client.api.accounts.adminLogout()).status).toBe(200);
    expect((await client.api.accounts.adminCheckAuth()).body).toEqual({ isAuthenticated: false });
  });

  it('answers {success:false, error:"Invalid credentials"} for a wrong password or an unknown admin', async () => {
    const client = new TestClient(app.url);
    for (const body of [
      { username: 'support@scrivo.test', password: 'wrong' },
      { username: 'nobody@scrivo.test', password: 'admin-secret-1' },
    ]) {
      const answer = await client.api.accounts.adminLogin({ body });
      expectStatus(answer, 401);
      expect(answer.body).toEqual({ success: false, error: 'Invalid credentials' });
    }
  });

  it('admin-only endpoints answer 401 to visitors, 403 to users and 200 to admins', async () => {
    const path = '/api/admin/chat/sessions';
    expect((await new TestClient(app.url).get(path)).status).toBe(401);
    const { client: userClient } = await signUp(app);
    const asUser = await userClient.get(path);
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('This area is for administrators only.');
    const admin = new TestClient(app.url);
    await admin.api.accounts.adminLogin({
      body: { username: 'support@scrivo.test', password: 'admin-secret-1' },
    });
    expect((await admin.get(path)).status).toBe(200);
  });

  it('a user session is never an admin session', async () => {
    const { client } = await signUp(app);
    expect((await client.api.accounts.adminCheckAuth()).body).toEqual({ isAuthenticated: false });
    const asAdmin = await client.api.accounts.adminLogin({
      body: {
        username: bodyOf(await client.api.accounts.currentUser(), 200).email,
        password: 'secret-pass',
      },
    });
    expect(asAdmin.status).toBe(401);
  });

  it('restarting with a new SCRIVO_ADMIN_PASSWORD updates the password (no duplicate admin)', async () => {
    const second = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100', ...ADMIN });
    await second.scrivo.close();
    const { createApp } = await import('../../src/create-app');
    const again = await createApp({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SCRIVO_DATA_DIR: second.dataDir,
      ...ADMIN,
      SCRIVO_ADMIN_PASSWORD: 'rotated-secret-2',
    });
    await again.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(again.app.getHttpServer().address() as { port: number }).port}`;
    const client = new TestClient(url);
    expect(
      (
        await client.api.accounts.adminLogin({
          body: { username: 'support@scrivo.test', password: 'admin-secret-1' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await client.api.accounts.adminLogin({
          body: {
            username: 'support@scrivo.test',
            password: 'rotated-secret-2',
          },
        })
      ).status,
    ).toBe(200);
    await again.close();
    await second.close();
  });

  it('the add-admin CLI adds another admin to the same data directory', async () => {
    const cli = join(import.meta.dirname, '../../src/accounts/cli/add-admin.ts');
    const result = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cli, '--email', 'second@scrivo.test'],
      {
        env: { ...process.env, SCRIVO_DATA_DIR: app.dataDir, SCRIVO_ADMIN_NEW_PASSWORD: 'second-secret-3' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Admin second@scrivo.test created.');
    const client = new TestClient(app.url);
    let answer = await client.api.accounts.adminLogin({
      body: {
        username: 'second@scrivo.test',
        password: 'second-secret-3',
      },
    });
    // The running server's projection picks the new admin up from the shared event store.
    for (let i = 0; i < 40 && answer.status !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await client.api.accounts.adminLogin({
        body: {
          username: 'second@scrivo.test',
          password: 'second-secret-3',
        },
      });
    }
    expectStatus(answer, 200);
  });
});
