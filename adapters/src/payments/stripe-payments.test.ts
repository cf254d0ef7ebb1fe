import { DomainError } from '@scrivo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serverBinary, startStripeMock } from '../testing/real-servers';
import {
  STRIPE_TEST_PRICES,
  signedStripeWebhook,
  type StripeTestEvent,
  stripeEvent,
} from '../testing/stripe-events';
import { StripePayments } from './stripe-payments';

/**
 * The adapter against stripe-mock (Stripe's official API mock, built by tools/install-servers.sh) on 127.0.0.1:
 * every API call it makes goes over real HTTP to a server that validates it against Stripe's OpenAPI spec.
 * stripe-mock sends no webhooks, so notifications are signed here the way Stripe signs them.
 */
const binary = serverBinary('stripe-mock');
let server: RunningServer | null = null;
beforeAll(async () => {
  if (binary) server = await startStripeMock(binary);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const WEBHOOK_SECRET = 'whsec_scrivo_adapter_test';
const payments = () =>
  new StripePayments({
    secretKey: 'sk_test_scrivo',
    webhookSecret: WEBHOOK_SECRET,
    prices: STRIPE_TEST_PRICES,
    apiBase: server!.url,
  });
const checkout = {
  userId: 'u1',
  email: 'ada@example.com',
  plan: 'premium' as const,
  billingPeriod: 'weekly' as const,
  customerId: null,
  successUrl: 'http://127.0.0.1/account?checkout=done',
  cancelUrl: 'http://127.0.0.1/plan-selection',
};

describe.skipIf(!binary)('Stripe payments (against stripe-mock)', () => {
  it('creates a Checkout session for the plan and period and returns its page', async () => {
    const { checkoutUrl } = await payments().startCheckout(checkout);
    expect(new URL(checkoutUrl).protocol).toBe('https:');
  });

  it('reuses the customer the account already has', async () => {
    const { checkoutUrl } = await payments().startCheckout({ ...checkout, customerId: 'cus_123' });
    expect(checkoutUrl).toMatch(/^https:/);
  });

  it("opens the customer's billing portal", async () => {
    const { url } = await payments().openBillingPortal({
      customerId: 'cus_123',
      returnUrl: checkout.successUrl,
    });
    expect(new URL(url).protocol).toBe('https:');
  });
});

describe('reading Stripe webhooks', () => {
  const reader = () =>
    new StripePayments({
      secretKey: 'sk_test_scrivo',
      webhookSecret: WEBHOOK_SECRET,
      prices: STRIPE_TEST_PRICES,
    });

  it('reads a completed checkout as a provisional subscription for its period', () => {
    const event = stripeEvent.checkoutCompleted({ userId: 'u1', plan: 'premium', billingPeriod: 'weekly' });
    const { body, signature } = signedStripeWebhook(event, WEBHOOK_SECRET);
    const notice = reader().readWebhook(body, signature);
    expect(notice).toMatchObject({
      kind: 'subscription',
      eventId: event.id,
      userId: 'u1',
      snapshot: { plan: 'premium', billingPeriod: 'weekly', status: 'active', provisional: true },
    });
  });

  it('reads the plan of a subscription from its price (a change in the portal is followed)', () => {
    const event = stripeEvent.subscription('customer.subscription.updated', {
      userId: 'u1',
      price: STRIPE_TEST_PRICES.business_pro.monthly,
      periodStart: 1_800_000_000,
      periodEnd: 1_802_592_000,
      cancelAtPeriodEnd: true,
    });
    const { body, signature } = signedStripeWebhook(event, WEBHOOK_SECRET);
    expect(reader().readWebhook(body, signature)).toMatchObject({
      kind: 'subscription',
      snapshot: {
        plan: 'business_pro',
        billingPeriod: 'monthly',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(1_802_592_000_000).toISOString(),
        provisional: false,
      },
    });
  });

  it('reads paid and failed invoices of a subscription', () => {
    const paid = stripeEvent.invoice('invoice.paid', {
      userId: 'u1',
      subscriptionId: 'sub_1',
      price: STRIPE_TEST_PRICES.premium.weekly,
      periodStart: 1_800_000_000,
      periodEnd: 1_800_604_800,
    });
    const failed = stripeEvent.invoice('invoice.payment_failed', {
      userId: 'u1',
      subscriptionId: 'sub_1',
      price: STRIPE_TEST_PRICES.premium.weekly,
      periodStart: 1_800_000_000,
      periodEnd: 1_800_604_800,
    });
    const read = (event: StripeTestEvent) => {
      const { body, signature } = signedStripeWebhook(event, WEBHOOK_SECRET);
      return reader().readWebhook(body, signature);
    };
    expect(read(paid)).toMatchObject({
      kind: 'paid',
      plan: 'premium',
      billingPeriod: 'weekly',
      subscriptionId: 'sub_1',
    });
    expect(read(failed)).toMatchObject({ kind: 'payment_failed', subscriptionId: 'sub_1', userId: 'u1' });
  });

  it('acknowledges a type it does not act on', () => {
    const event = stripeEvent.other('customer.created');
    const { body, signature } = signedStripeWebhook(event, WEBHOOK_SECRET);
    expect(reader().readWebhook(body, signature)).toMatchObject({
      kind: 'ignored',
      eventType: 'customer.created',
    });
  });

  it('refuses a wrong signature, a changed body and a missing header', () => {
    const event = stripeEvent.other('customer.created');
    const wrong = signedStripeWebhook(event, 'whsec_someone_else');
    const refusal = (body: Buffer, signature: string | undefined) => {
      try {
        reader().readWebhook(body, signature);
        return null;
      } catch (error) {
        return error instanceof DomainError ? error.code : error;
      }
    };
    expect(refusal(wrong.body, wrong.signature)).toBe('INVALID_WEBHOOK_SIGNATURE');
    const right = signedStripeWebhook(event, WEBHOOK_SECRET);
    const changed = Buffer.from(right.body.toString('utf8').replace('customer.created', 'customer.deleted'));
    expect(refusal(changed, right.signature)).toBe('INVALID_WEBHOOK_SIGNATURE');
    expect(refusal(right.body, undefined)).toBe('INVALID_WEBHOOK_SIGNATURE');
  });
});
