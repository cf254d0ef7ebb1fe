import { STRIPE_TEST_PRICES, stripeEvent } from '@scrivo/adapters/testing/stripe-events';
import { BillingPortalAnswer, ChangePlanAnswer, User } from '@scrivo/contracts';
import { AccountStreams } from '@scrivo/domain/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { mailsTo } from '../accounts/support/outbox';
import { toneWav } from '../security/support/world';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { appWithStripeMock, DAY, deliver, STRIPE_MOCK, stripeEnv, unix, WEBHOOK_PATH } from './support';
import { expectStatus } from '../support/expect-status';

/**
 * Billing with Stripe end to end: the real API with its Stripe adapter pointed at stripe-mock (Stripe's official
 * API mock) on 127.0.0.1, and Stripe's webhooks delivered as Stripe sends them, signed with the SDK's own test
 * signer (stripe-mock sends none).
 */
const premiumWeekly = STRIPE_TEST_PRICES.premium.weekly;

describe.skipIf(!STRIPE_MOCK)('billing with Stripe (against stripe-mock)', () => {
  const running = appWithStripeMock();

  const userStream = async (userId: string) =>
    running.app.scrivo.adapters.events.readStream(AccountStreams.user(userId));
  const account = async (client: TestClient) => User.parse((await client.api.accounts.currentUser()).body);
  /** A user who bought Premium weekly: the checkout completed and Stripe sent the subscription. */
  const subscriber = async (period: { start: number; end: number }, extra: { created?: number } = {}) => {
    const user = await signedInClient(running.app);
    const subscriptionId = `sub_${user.userId.slice(0, 8)}`;
    const customerId = `cus_${user.userId.slice(0, 8)}`;
    const sent = await deliver(
      running.app.url,
      stripeEvent.subscription('customer.subscription.updated', {
        userId: user.userId,
        subscriptionId,
        customerId,
        price: premiumWeekly,
        periodStart: period.start,
        periodEnd: period.end,
        created: extra.created ?? period.start,
        at: period.start + 1,
      }),
    );
    expect(sent.status, sent.text).toBe(200);
    return { ...user, subscriptionId, customerId };
  };

  it('answers a paid plan with the Stripe Checkout page, and changes nothing until Stripe confirms', async () => {
    const { client } = await signedInClient(running.app);
    const answer = await client.api.accounts.changePlan({
      body: { plan: 'premium', billingPeriod: 'weekly' },
    });
    expectStatus(answer, 200);
    expect(new URL(ChangePlanAnswer.parse(answer.body).checkoutUrl ?? '').protocol).toBe('https:');
    expect(answer.body.user).toMatchObject({ plan: 'free', subscription: null });
    const providers = await client.api.accounts.authProviders();
    expect(providers.body).toMatchObject({ payments: true });
  });

  it('activates the plan when the signed checkout.session.completed arrives', async () => {
    const { client, userId } = await signedInClient(running.app);
    const sent = await deliver(
      running.app.url,
      stripeEvent.checkoutCompleted({ userId, plan: 'premium', billingPeriod: 'weekly' }),
    );
    expect(sent.status, sent.text).toBe(200);
    const user = await account(client);
    expect(user).toMatchObject({
      plan: 'premium',
      // The subscription tells its own renewal; planUntil is for a plan an operator gave until a date.
      planUntil: null,
      subscription: { plan: 'premium', billingPeriod: 'weekly', status: 'active', endsAt: null },
    });
    const week =
      Date.parse(user.subscription?.renewsAt ?? '') - Date.parse(user.subscription?.currentPeriodStart ?? '');
    expect(week).toBe(7 * DAY);
  });

  it('changes nothing when Stripe delivers the same event again (idempotent by event id)', async () => {
    const { client, userId } = await signedInClient(running.app);
    const event = stripeEvent.checkoutCompleted({ userId, plan: 'business_pro', billingPeriod: 'monthly' });
    expect((await deliver(running.app.url, event)).status).toBe(200);
    const events = await userStream(userId);
    const user = await account(client);
    expect((await deliver(running.app.url, event)).status).toBe(200);
    expect((await deliver(running.app.url, event)).status).toBe(200);
    expect(await userStream(userId)).toHaveLength(events.length);
    expect(await account(client)).toEqual(user);
  });

  it('resolves deliveries out of order by the subscription itself: an older period arriving late is ignored', async () => {
    const now = Date.now();
    const older = { start: unix(now - 7 * DAY), end: unix(now) };
    const newer = { start: unix(now), end: unix(now + 7 * DAY) };
    const { client, userId, subscriptionId } = await subscriber(newer, { created: older.start });
    const late = stripeEvent.subscription('customer.subscription.updated', {
      userId,
      subscriptionId,
      price: premiumWeekly,
      periodStart: older.start,
      periodEnd: older.end,
      created: older.start,
      at: older.start + 60,
    });
    const before = await userStream(userId);
    expect((await deliver(running.app.url, late)).status).toBe(200);
    expect(await userStream(userId)).toHaveLength(before.length);
    expect((await account(client)).subscription).toMatchObject({
      status: 'active',
      renewsAt: new Date(newer.end * 1000).toISOString(),
    });
    // A subscription Stripe deleted stays over, whatever update of it arrives after.
    await deliver(
      running.app.url,
      stripeEvent.subscription('customer.subscription.deleted', {
        userId,
        subscriptionId,
        price: premiumWeekly,
        periodStart: newer.start,
        periodEnd: newer.end,
        at: newer.start + 120,
      }),
    );
    await deliver(
      running.app.url,
      stripeEvent.subscription('customer.subscription.updated', {
        userId,
        subscriptionId,
        price: premiumWeekly,
        periodStart: newer.start,
        periodEnd: newer.end,
        at: newer.start + 60,
      }),
    );
    expect(await account(client)).toMatchObject({ plan: 'free', subscription: { status: 'ended' } });
  });

  it('acknowledges an event type it does not act on, and changes nothing', async () => {
    const { client } = await signedInClient(running.app);
    const before = await account(client);
    const sent = await deliver(running.app.url, stripeEvent.other('charge.refund.updated'));
    expect(sent.status).toBe(200);
    expect(await account(client)).toEqual(before);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { client, userId } = await signedInClient(running.app);
    const event = stripeEvent.checkoutCompleted({ userId, plan: 'premium', billingPeriod: 'monthly' });
    const before = await userStream(userId);
    const forged = await deliver(running.app.url, event, 'whsec_not_ours');
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.text)).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE' });
    const unsigned = await fetch(`${running.app.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await userStream(userId)).toHaveLength(before.length);
    expect((await account(client)).plan).toBe('free');
  });

  it('verifies the signature on the raw bytes: the same JSON re-spaced is refused', async () => {
    const { userId } = await signedInClient(running.app);
    const event = stripeEvent.checkoutCompleted({ userId, plan: 'premium', billingPeriod: 'monthly' });
    const { signedStripeWebhook } = await import('@scrivo/adapters/testing/stripe-events');
    const { signature } = signedStripeWebhook(event, 'whsec_scrivo_billing_tests');
    const respaced = await fetch(`${running.app.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify(event, null, 2),
    });
    expect(respaced.status).toBe(400);
  });

  it('after a failed renewal: a grace period and an email, then Free, with a paid invoice ending the grace', async () => {
    const now = Date.now();
    const period = { start: unix(now - 2 * DAY), end: unix(now + 5 * DAY) };
    const { client, userId, email, subscriptionId } = await subscriber(period);
    const failed = stripeEvent.invoice('invoice.payment_failed', {
      userId,
      subscriptionId,
      price: premiumWeekly,
      periodStart: period.start,
      periodEnd: period.end,
      at: unix(now),
    });
    expect((await deliver(running.app.url, failed)).status).toBe(200);
    expect((await deliver(running.app.url, failed)).status).toBe(200);
    const user = await account(client);
    expect(user).toMatchObject({ plan: 'premium', subscription: { status: 'payment_failed' } });
    expect(Date.parse(user.subscription?.endsAt ?? '')).toBe(unix(now) * 1000 + 7 * DAY);
    const mails = await mailsTo(running.app.dataDir, email, 'payment-failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(new Date(unix(now) * 1000 + 7 * DAY).toISOString().slice(0, 10));

    const paid = stripeEvent.invoice('invoice.paid', {
      userId,
      subscriptionId,
      price: premiumWeekly,
      periodStart: period.start,
      periodEnd: period.end,
      at: unix(now) + 60,
    });
    expect((await deliver(running.app.url, paid)).status).toBe(200);
    expect((await account(client)).subscription).toMatchObject({ status: 'active' });

    // Another subscriber whose renewal failed eight days ago: the grace is over, the account is Free.
    const lapsed = { start: unix(now - 10 * DAY), end: unix(now - 8 * DAY) };
    const late = await subscriber(lapsed);
    await deliver(
      running.app.url,
      stripeEvent.invoice('invoice.payment_failed', {
        userId: late.userId,
        subscriptionId: late.subscriptionId,
        price: premiumWeekly,
        periodStart: lapsed.start,
        periodEnd: lapsed.end,
        at: unix(now - 8 * DAY),
      }),
    );
    expect(await account(late.client)).toMatchObject({ plan: 'free', subscription: { status: 'ended' } });
  });

  it("counts a weekly plan's minutes per Stripe billing week, not per calendar month", async () => {
    const now = Date.now();
    const { client } = await signedInClient(running.app);
    // Minutes used on Free this month...
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(toneWav(30))]), 'before.wav');
    expect((await client.api.recordings.create({ body: form })).status).toBe(201);
    expect((await client.api.recordings.usage()).body).toMatchObject({ minutesUsed: 0.5, minutesAllowed: 5 });
    // ...do not count in the billing week the subscription starts.
    const userId = (await account(client)).id;
    const period = { start: unix(now - DAY), end: unix(now + 6 * DAY) };
    await deliver(
      running.app.url,
      stripeEvent.subscription('customer.subscription.updated', {
        userId,
        subscriptionId: `sub_w_${userId.slice(0, 6)}`,
        price: premiumWeekly,
        periodStart: period.start,
        periodEnd: period.end,
      }),
    );
    const usage = (await client.api.recordings.usage()).body;
    expect(usage).toMatchObject({
      plan: 'premium',
      minutesUsed: 0,
      minutesAllowed: 28,
      periodStart: new Date(period.start * 1000).toISOString(),
      periodEnd: new Date(period.end * 1000).toISOString(),
    });
    const weekly = new FormData();
    weekly.set('file', new Blob([new Uint8Array(toneWav(60))]), 'week.wav');
    expect((await client.api.recordings.create({ body: weekly })).status).toBe(201);
    expect((await client.api.recordings.usage()).body).toMatchObject({ minutesUsed: 1, minutesAllowed: 28 });
  });

  it('cancelling runs the plan to the end of the paid period, then Free, and deletes nothing', async () => {
    const now = Date.now();
    const period = { start: unix(now - DAY), end: unix(now + 6 * DAY) };
    const { client, userId, subscriptionId } = await subscriber(period);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(toneWav(5))]), 'keep-me.wav');
    expect((await client.api.recordings.create({ body: form })).status).toBe(201);

    await deliver(
      running.app.url,
      stripeEvent.subscription('customer.subscription.updated', {
        userId,
        subscriptionId,
        price: premiumWeekly,
        periodStart: period.start,
        periodEnd: period.end,
        cancelAtPeriodEnd: true,
        at: unix(now),
      }),
    );
    expect(await account(client)).toMatchObject({
      plan: 'premium',
      subscription: {
        status: 'cancelling',
        renewsAt: null,
        endsAt: new Date(period.end * 1000).toISOString(),
      },
    });
    // The period ends: Stripe deletes the subscription.
    await deliver(
      running.app.url,
      stripeEvent.subscription('customer.subscription.deleted', {
        userId,
        subscriptionId,
        price: premiumWeekly,
        periodStart: period.start,
        periodEnd: period.end,
        cancelAtPeriodEnd: true,
        at: unix(now) + 60,
      }),
    );
    expect(await account(client)).toMatchObject({ plan: 'free', subscription: { status: 'ended' } });
    const recordings = (await client.api.recordings.list()).body;
    expect(JSON.stringify(recordings)).toContain('keep-me');
    // Free again, the user may buy again: a new checkout, for the same Stripe customer.
    const again = await client.api.accounts.changePlan({
      body: { plan: 'premium', billingPeriod: 'monthly' },
    });
    expectStatus(again, 200);
  });

  it('refuses a second checkout or Free while a subscription bills, and opens the customer portal instead', async () => {
    const now = Date.now();
    const { client } = await subscriber({ start: unix(now - DAY), end: unix(now + 6 * DAY) });
    for (const body of [{ plan: 'business_pro', billingPeriod: 'monthly' }, { plan: 'free' }] as const) {
      const answer = await client.api.accounts.changePlan({ body });
      expectStatus(answer, 409);
      expect(answer.body).toMatchObject({ code: 'SUBSCRIPTION_EXISTS' });
    }
    const portal = await client.api.accounts.openBillingPortal();
    expectStatus(portal, 200);
    expect(new URL(BillingPortalAnswer.parse(portal.body).url).protocol).toBe('https:');
    const { client: nobody } = await signedInClient(running.app);
    expect((await nobody.api.accounts.openBillingPortal()).status).toBe(409);
  });

  it('applies a notice for an account it does not hold as acknowledged, changing nothing', async () => {
    const sent = await deliver(
      running.app.url,
      stripeEvent.checkoutCompleted({ userId: 'no-such-user', plan: 'premium', billingPeriod: 'weekly' }),
    );
    expect(sent.status).toBe(200);
  });
});

describe('billing settings', () => {
  it('refuses to start with only some of the Stripe settings, naming the missing ones', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_PRICE_PREMIUM_WEEKLY, STRIPE_PRICE_PREMIUM_MONTHLY, STRIPE_PRICE_BUSINESS_PRO_WEEKLY, STRIPE_PRICE_BUSINESS_PRO_MONTHLY/,
    );
    expect(() => loadConfig({ ...stripeEnv('not a url') })).toThrow(/STRIPE_API_BASE/);
  });

  describe('without Stripe', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
        SCRIVO_SUPPORT_EMAIL: 'billing@scrivo.test',
      });
    }, 60_000);
    afterAll(() => app?.close());

    it('says that paid plans are granted by the administrator, and has no webhook', async () => {
      const { client } = await signedInClient(app);
      const answer = await client.api.accounts.changePlan({
        body: { plan: 'premium', billingPeriod: 'weekly' },
      });
      expectStatus(answer, 501);
      expect(answer.body.message).toContain('billing@scrivo.test');
      expect((await client.api.accounts.authProviders()).body).toMatchObject({ payments: false });
      expect((await client.api.accounts.openBillingPortal()).status).toBe(501);
      const webhook = await deliver(app.url, stripeEvent.other('customer.created'));
      expect(webhook.status).toBe(501);
    });
  });
});
