import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StripePrices } from '../payments/stripe-payments';

/**
 * Stripe's webhook notifications as Stripe sends them (the JSON of API version 2026-10-28), signed with the
 * SDK's own `generateTestHeaderString`: stripe-mock answers API calls but sends no webhooks, so tests deliver
 * these themselves, byte for byte as the server will verify them.
 */
export const STRIPE_TEST_PRICES: StripePrices = {
  premium: { weekly: 'price_premium_weekly', monthly: 'price_premium_monthly' },
  business_pro: { weekly: 'price_business_pro_weekly', monthly: 'price_business_pro_monthly' },
};

/** The fields of an event this server reads; the rest of Stripe's envelope is there as Stripe sends it. */
export interface StripeTestEvent {
  readonly id: string;
  readonly object: 'event';
  readonly type: string;
  readonly created: number;
  readonly api_version: string;
  readonly livemode: false;
  readonly pending_webhooks: number;
  readonly request: { id: null; idempotency_key: null };
  readonly data: { object: Record<string, unknown> };
}

const now = () => Math.floor(Date.now() / 1000);
const envelope = (type: string, object: Record<string, unknown>, created = now()): StripeTestEvent => ({
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type,
  created,
  api_version: '2026-10-28.endive',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

export interface SubscriptionFields {
  readonly userId: string;
  readonly subscriptionId?: string;
  readonly customerId?: string;
  readonly price: string;
  readonly status?: string;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly cancelAtPeriodEnd?: boolean;
  readonly created?: number;
  /** The event's own time (Stripe's `created` of the notification). */
  readonly at?: number;
}

export const stripeEvent = {
  checkoutCompleted(fields: {
    userId: string;
    plan: string;
    billingPeriod: string;
    subscriptionId?: string;
    customerId?: string;
    paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
    at?: number;
  }): StripeTestEvent {
    return envelope(
      'checkout.session.completed',
      {
        id: `cs_test_${randomUUID().slice(0, 8)}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: fields.paymentStatus ?? 'paid',
        client_reference_id: fields.userId,
        customer: fields.customerId ?? 'cus_test_1',
        subscription: fields.subscriptionId ?? 'sub_test_1',
        metadata: { userId: fields.userId, plan: fields.plan, billingPeriod: fields.billingPeriod },
      },
      fields.at,
    );
  },

  subscription(
    type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
    fields: SubscriptionFields,
  ): StripeTestEvent {
    return envelope(
      type,
      {
        id: fields.subscriptionId ?? 'sub_test_1',
        object: 'subscription',
        customer: fields.customerId ?? 'cus_test_1',
        status: fields.status ?? (type === 'customer.subscription.deleted' ? 'canceled' : 'active'),
        cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
        cancel_at: fields.cancelAtPeriodEnd ? fields.periodEnd : null,
        created: fields.created ?? fields.periodStart,
        metadata: { userId: fields.userId },
        items: {
          object: 'list',
          data: [
            {
              id: 'si_test_1',
              object: 'subscription_item',
              price: { id: fields.price, object: 'price' },
              current_period_start: fields.periodStart,
              current_period_end: fields.periodEnd,
            },
          ],
        },
      },
      fields.at,
    );
  },

  invoice(
    type: 'invoice.paid' | 'invoice.payment_failed',
    fields: Omit<SubscriptionFields, 'cancelAtPeriodEnd' | 'status' | 'created'> & { subscriptionId: string },
  ): StripeTestEvent {
    return envelope(
      type,
      {
        id: `in_test_${randomUUID().slice(0, 8)}`,
        object: 'invoice',
        customer: fields.customerId ?? 'cus_test_1',
        status: type === 'invoice.paid' ? 'paid' : 'open',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: fields.subscriptionId, metadata: { userId: fields.userId } },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: 'il_test_1',
              object: 'line_item',
              period: { start: fields.periodStart, end: fields.periodEnd },
              pricing: {
                type: 'price_details',
                price_details: { price: fields.price, product: 'prod_test' },
              },
            },
          ],
        },
      },
      fields.at,
    );
  },

  other(type: string): StripeTestEvent {
    return envelope(type, { id: 'obj_test_1', object: type.split('.')[0] ?? 'object' });
  },
};

/** The body and `Stripe-Signature` header Stripe would send for this event. */
export const signedStripeWebhook = (
  event: StripeTestEvent,
  secret: string,
  /** When it was signed (Unix seconds): now unless a test needs an old or replayed delivery. */
  timestamp?: number,
): { body: Buffer; signature: string } => {
  const payload = JSON.stringify(event);
  return {
    body: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    }),
  };
};
