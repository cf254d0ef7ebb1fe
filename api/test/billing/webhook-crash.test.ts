import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { startStripeMock, type RunningServer } from '@scrivo/adapters/testing/real-servers';
import {
  STRIPE_TEST_PRICES,
  stripeEvent,
  type StripeTestEvent,
} from '@scrivo/adapters/testing/stripe-events';
import { User } from '@scrivo/contracts';
import { AccountStreams } from '@scrivo/domain/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashStep } from '../../src/common/crash-points';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { mailsTo } from '../accounts/support/outbox';
import { DAY, deliver, STRIPE_MOCK, stripeEnv, unix } from './support';

/**
 * The API killed (SIGKILL, a test-only crash point) while it handles a Stripe webhook: after verifying it and
 * before appending anything, and after appending but before answering. Stripe then retries the same event (same
 * id) against the restarted API: the plan ends active, with the change on the user's stream exactly once.
 */
describe.skipIf(!STRIPE_MOCK)('a Stripe webhook when the API dies while handling it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-billing-crash-'));
  let stripe: RunningServer;
  let env: Record<string, string>;
  let api: ApiProcess | null = null;
  const steps: CrashStep[] = ['billing-verified', 'billing-applied'];
  const crashed: { step: CrashStep; email: string; userId: string; event: StripeTestEvent }[] = [];

  beforeAll(async () => {
    ensureServerBuild();
    stripe = await startStripeMock(STRIPE_MOCK!);
    env = {
      ...stripeEnv(stripe.url),
      SCRIVO_DATA_DIR: dataDir,
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    };
  }, 180_000);
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await stripe?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('dies at each step, leaving Stripe without an answer (so Stripe will retry)', async () => {
    for (const step of steps) {
      const armed = await startApiProcess({ ...env, SCRIVO_TEST_CRASH_AT: step });
      api = armed;
      const email = `crash-${step}@example.com`;
      const client = await signUpOver(armed.url, dataDir, email);
      const userId = User.parse((await client.api.accounts.currentUser()).body).id;
      const event = stripeEvent.checkoutCompleted({ userId, plan: 'premium', billingPeriod: 'weekly' });
      await expect(deliver(armed.url, event)).rejects.toThrow();
      expect(await armed.exited, `${step}:\n${armed.log()}`).toBe('SIGKILL');
      crashed.push({ step, email, userId, event });
    }
  }, 180_000);

  it("after a restart Stripe's retry activates the plan, applied once whatever the step", async () => {
    expect(crashed).toHaveLength(steps.length);
    api = await startApiProcess(env);
    for (const { step, email, event } of crashed) {
      expect((await deliver(api.url, event)).status, step).toBe(200);
      expect((await deliver(api.url, event)).status, step).toBe(200);
      const client = new TestClient(api.url);
      expect(
        (await client.api.accounts.login({ body: { email, password: 'secret-pass' } })).status,
        step,
      ).toBe(200);
      expect(User.parse((await client.api.accounts.currentUser()).body), step).toMatchObject({
        plan: 'premium',
        subscription: { billingPeriod: 'weekly', status: 'active' },
      });
    }
    await api.stop('SIGTERM');
    api = null;
    const events = new SqliteEventStore({ path: join(dataDir, 'events.db') });
    try {
      for (const { step, userId } of crashed) {
        const stream = await events.readStream(AccountStreams.user(userId));
        expect(
          stream.filter((e) => e.type === 'UserSubscriptionChanged'),
          step,
        ).toHaveLength(1);
      }
    } finally {
      await events.close();
    }
  }, 120_000);

  it('a failed payment killed after its email went out, before the workflow noted it: the restart emails again, the grace is recorded once', async () => {
    const now = Date.now();
    const period = { start: unix(now - DAY), end: unix(now + 6 * DAY) };
    const armed = await startApiProcess({ ...env, SCRIVO_TEST_CRASH_AT: 'reacted:billing-emails' });
    api = armed;
    const email = 'crash-mailed@example.com';
    const client = await signUpOver(armed.url, dataDir, email);
    const userId = User.parse((await client.api.accounts.currentUser()).body).id;
    const fields = {
      userId,
      subscriptionId: 'sub_crash_mailed',
      price: STRIPE_TEST_PRICES.premium.weekly,
      periodStart: period.start,
      periodEnd: period.end,
    };
    // No email for this one: the workflow sends nothing, so it passes the crash point untouched.
    expect(
      (await deliver(armed.url, stripeEvent.subscription('customer.subscription.updated', fields))).status,
    ).toBe(200);
    const failed = stripeEvent.invoice('invoice.payment_failed', { ...fields, at: unix(now) });
    // The webhook answers once the reactions are done, so Stripe hears nothing and will retry.
    await expect(deliver(armed.url, failed)).rejects.toThrow();
    expect(await armed.exited, armed.log()).toBe('SIGKILL');
    expect(await mailsTo(dataDir, email, 'payment-failed')).toHaveLength(1);

    api = await startApiProcess(env);
    // At least once: the workflow resumes where its checkpoint was and sends the email the crash may have cut off.
    await expect
      .poll(async () => (await mailsTo(dataDir, email, 'payment-failed')).length, { timeout: 20_000 })
      .toBe(2);
    expect((await deliver(api.url, failed)).status).toBe(200);
    expect((await deliver(api.url, failed)).status).toBe(200);
    // Stripe's retries find the grace recorded: never a third email.
    expect(await mailsTo(dataDir, email, 'payment-failed')).toHaveLength(2);
    const user = new TestClient(api.url);
    expect((await user.api.accounts.login({ body: { email, password: 'secret-pass' } })).status).toBe(200);
    expect(User.parse((await user.api.accounts.currentUser()).body)).toMatchObject({
      plan: 'premium',
      subscription: { status: 'payment_failed', endsAt: new Date(unix(now) * 1000 + 7 * DAY).toISOString() },
    });
    await api.stop('SIGTERM');
    api = null;
  }, 120_000);
});
