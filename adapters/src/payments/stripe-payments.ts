import { DomainError } from '@scrivo/domain';
import {
  BILLING_PERIODS,
  type BillingNotice,
  type BillingPeriod,
  type CheckoutRequest,
  type PaidPlanId,
  type PaymentProvider,
  periodEndFrom,
  type SubscriptionStatus,
} from '@scrivo/domain/accounts';
import Stripe from 'stripe';

/** The four Stripe prices (spec section 9): Premium and Business Pro, weekly and monthly. */
export type StripePrices = Readonly<Record<PaidPlanId, Readonly<Record<BillingPeriod, string>>>>;

export interface StripePaymentsConfig {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly prices: StripePrices;
  /** Another API endpoint (protocol, host, port), e.g. stripe-mock in tests; Stripe's own when not given. */
  readonly apiBase?: string;
}

const PAID_PLANS: readonly PaidPlanId[] = ['premium', 'business_pro'];
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const isPaidPlan = (value: string | undefined): value is PaidPlanId =>
  PAID_PLANS.some((plan) => plan === value);
const isBillingPeriod = (value: string | undefined): value is BillingPeriod =>
  BILLING_PERIODS.some((period) => period === value);

const KNOWN_STATUSES: readonly SubscriptionStatus[] = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'canceled',
  'unpaid',
  'incomplete_expired',
  'paused',
];
const statusOf = (status: string): SubscriptionStatus =>
  KNOWN_STATUSES.find((known) => known === status) ?? 'incomplete';

/**
 * The payment provider on Stripe's official SDK: Checkout for paying, the customer portal for managing, and
 * signed webhooks for what happened. Which user a notification is about travels in the metadata this adapter
 * puts on the checkout and its subscription (`userId`, `plan`, `billingPeriod`); the plan itself is read from the
 * subscription's price, so a change made in the portal is followed.
 */
export class StripePayments implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly byPrice: ReadonlyMap<string, { plan: PaidPlanId; billingPeriod: BillingPeriod }>;

  constructor(private readonly config: StripePaymentsConfig) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    this.byPrice = new Map(
      PAID_PLANS.flatMap((plan) =>
        BILLING_PERIODS.map(
          (billingPeriod) => [config.prices[plan][billingPeriod], { plan, billingPeriod }] as const,
        ),
      ),
    );
  }

  async startCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }> {
    const metadata = { userId: request.userId, plan: request.plan, billingPeriod: request.billingPeriod };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.config.prices[request.plan][request.billingPeriod], quantity: 1 }],
      client_reference_id: request.userId,
      ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
      metadata,
      subscription_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url)
      throw new DomainError('PAYMENT_PROVIDER_ERROR', 'Stripe did not return a checkout page.');
    return { checkoutUrl: session.url };
  }

  async openBillingPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: request.customerId,
      return_url: request.returnUrl,
    });
    return { url: session.url };
  }

  readWebhook(rawBody: Uint8Array, signature: string | undefined): BillingNotice {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch {
      throw new DomainError('INVALID_WEBHOOK_SIGNATURE', 'The webhook signature is not valid.');
    }
    return this.noticeOf(event);
  }

  private noticeOf(event: Stripe.Event): BillingNotice {
    const ignored = (reason: string): BillingNotice => ({
      kind: 'ignored',
      eventId: event.id,
      eventType: event.type,
      reason,
    });
    const asOf = iso(event.created);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const userId = session.client_reference_id ?? session.metadata?.['userId'];
        const plan = session.metadata?.['plan'];
        const billingPeriod = session.metadata?.['billingPeriod'];
        const subscriptionId = idOf(session.subscription);
        const customerId = idOf(session.customer);
        if (session.mode !== 'subscription' || !userId || !subscriptionId || !customerId)
          return ignored('not a subscription checkout of this server');
        if (!isPaidPlan(plan) || !isBillingPeriod(billingPeriod)) return ignored('no plan in its metadata');
        // Paid, or nothing to pay (a 100 % coupon); 'unpaid' means an async payment still pending.
        if (session.payment_status === 'unpaid') return ignored('the payment has not gone through yet');
        return {
          kind: 'subscription',
          eventId: event.id,
          userId,
          snapshot: {
            subscriptionId,
            customerId,
            plan,
            billingPeriod,
            status: 'active',
            currentPeriodStart: asOf,
            currentPeriodEnd: periodEndFrom(asOf, billingPeriod),
            cancelAtPeriodEnd: false,
            createdAt: asOf,
            provisional: true,
            asOf,
          },
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const userId = subscription.metadata['userId'];
        const item = subscription.items.data[0];
        const bought = item ? this.byPrice.get(item.price.id) : undefined;
        const plan = bought?.plan ?? subscription.metadata['plan'];
        const billingPeriod = bought?.billingPeriod ?? subscription.metadata['billingPeriod'];
        if (!userId) return ignored('no user in its metadata');
        if (!item || !isPaidPlan(plan) || !isBillingPeriod(billingPeriod))
          return ignored('not one of our prices');
        return {
          kind: 'subscription',
          eventId: event.id,
          userId,
          snapshot: {
            subscriptionId: subscription.id,
            customerId: idOf(subscription.customer) ?? '',
            plan,
            billingPeriod,
            status:
              event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(subscription.status),
            currentPeriodStart: iso(item.current_period_start),
            currentPeriodEnd: iso(item.current_period_end),
            // Stripe says "at period end" either way: the flag, or a cancel_at on the period's end.
            cancelAtPeriodEnd:
              subscription.cancel_at_period_end || subscription.cancel_at === item.current_period_end,
            createdAt: iso(subscription.created),
            provisional: false,
            asOf,
          },
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionId = idOf(details?.subscription);
        const userId = details?.metadata?.['userId'];
        if (!details || !subscriptionId || !userId)
          return ignored('not an invoice of a subscription of ours');
        if (event.type === 'invoice.payment_failed')
          return { kind: 'payment_failed', eventId: event.id, userId, subscriptionId, failedAt: asOf };
        const line = invoice.lines.data[0];
        const price = line?.pricing?.price_details?.price;
        const bought = price ? this.byPrice.get(idOf(price) ?? '') : undefined;
        const plan = bought?.plan ?? details.metadata?.['plan'];
        const billingPeriod = bought?.billingPeriod ?? details.metadata?.['billingPeriod'];
        if (!line || !isPaidPlan(plan) || !isBillingPeriod(billingPeriod))
          return ignored('not one of our prices');
        return {
          kind: 'paid',
          eventId: event.id,
          userId,
          subscriptionId,
          customerId: idOf(invoice.customer) ?? '',
          plan,
          billingPeriod,
          periodStart: iso(line.period.start),
          periodEnd: iso(line.period.end),
          asOf,
        };
      }
      default:
        return ignored('a type this server does not act on');
    }
  }
}
