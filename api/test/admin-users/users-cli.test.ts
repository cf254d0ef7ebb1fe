import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { bodyOf } from '../support/expect-status';
import { ADMIN_ENV, adminClient } from './support';

const cli = join(import.meta.dirname, '../../src/accounts/cli/users.ts');

/** The CLI as an operator runs it: another process on the same data directory as the running server. */
const users = (app: TestApp, ...args: string[]) =>
  spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SCRIVO_DATA_DIR: app.dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

/** The running server applies what the CLI wrote once its projections catch up (well under a second). */
const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  let value = await read();
  for (let i = 0; i < 50 && !ok(value); i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
};

describe('the users CLI', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(ADMIN_ENV);
  });
  afterAll(async () => app?.close());

  it('sets a plan, grants minutes, suspends and reactivates; the signed-in user and the console see it', async () => {
    const { client, email, userId } = await signedInClient(app);

    const setPlan = users(
      app,
      'set-plan',
      email,
      'premium',
      '--until',
      '2099-12-31',
      '--reason',
      'Conference',
    );
    expect(setPlan.stderr).toBe('');
    expect(setPlan.status).toBe(0);
    expect(setPlan.stdout).toContain(`${email} is now on premium until 2100-01-01T00:00:00.000Z`);
    const user = await eventually(
      async () => bodyOf(await client.api.accounts.currentUser(), 200),
      (b) => b.plan === 'premium',
    );
    expect(user).toMatchObject({ plan: 'premium', planUntil: '2100-01-01T00:00:00.000Z', planAfter: 'free' });

    const grant = users(app, 'grant-minutes', email, '45');
    expect(grant.status).toBe(0);
    expect(grant.stdout).toContain(`Granted 45 minutes to ${email}`);

    const admin = await adminClient(app);
    // The API counts the grant in the month's minutes as soon as it sees the command line's record of it.
    await eventually(
      async () => admin.api.adminUsers.getUser({ params: { userId } }),
      (r) => r.status === 200 && r.body.user.minutesAllowed === 165,
    );
    const detail = await eventually(
      async () => bodyOf(await admin.api.adminUsers.getUser({ params: { userId } }), 200),
      (b) => (b.history as unknown[]).length === 2,
    );
    expect(detail.user).toMatchObject({ plan: 'premium', minutesAllowed: 165, minutesGranted: 45 });
    expect(detail.history).toEqual([
      expect.objectContaining({
        type: 'minutes_granted',
        minutes: 45,
        by: { kind: 'cli', adminId: null, label: 'command line' },
        reason: 'Changed with the users command line',
      }),
      expect.objectContaining({ type: 'plan_set', to: 'premium', reason: 'Conference' }),
    ]);

    const list = users(app, 'list', '--search', email);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(`${email}\tpremium until 2100-01-01T00:00:00.000Z then free\t0/165 min`);
    expect(list.stdout).toContain('1 user(s); page 1 of 1');

    const suspend = users(app, 'suspend', email, '--reason', 'Chargeback');
    expect(suspend.status).toBe(0);
    expect(
      (
        await eventually(
          () => client.api.accounts.currentUser(),
          (a) => a.status === 401,
        )
      ).status,
    ).toBe(401);
    expect(users(app, 'list', '--search', email, '--status', 'suspended').stdout).toContain(email);

    expect(users(app, 'reactivate', email).status).toBe(0);
  });

  it('refuses bad input with a message and exit code 2', () => {
    for (const args of [
      ['set-plan', 'nobody@example.com', 'premium'],
      ['set-plan', 'x@example.com', 'gold'],
      ['grant-minutes', 'x@example.com', 'many'],
      ['list', '--status', 'sleeping'],
      ['explode'],
    ]) {
      const result = users(app, ...args);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.stderr.length).toBeGreaterThan(0);
    }
    expect(users(app, 'set-plan', 'nobody@example.com', 'premium').stderr).toContain(
      'No account uses nobody@example.com',
    );
  });
});
