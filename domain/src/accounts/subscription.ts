import type { PlanId } from './events';
import { planInEffect, type PlanTerm } from './plan-term';

export type BillingPeriod = 'weekly' | 'monthly';
export const BILLING_PERIODS: readonly BillingPeriod[] = ['weekly', 'monthly'];
export type PaidPlanId = Exclude<PlanId, 'free'>;

/**
 * The provider's subscription states that matter here (Stripe's names). `incomplete` = the first payment has not
 * gone through yet; `canceled`, `unpaid` and `incomplete_expired` are over for good.
 */
export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'incomplete' | 'canceled' | 'unpaid' | 'incomplete_expired' | 'paused';

/** A subscription as the payment provider described it in one notification. */
export interface SubscriptionSnapshot {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly plan: PaidPlanId;
  readonly billingPeriod: BillingPeriod;
  readonly status: SubscriptionStatus;
  readonly currentPeriodStart: string;
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  /** When the subscription was created at the provider: a newer subscription replaces an older one. */
  readonly createdAt: string;
  /**
   * Built from a completed checkout before the provider sent the subscription itself: its period is our estimate,
   * so any snapshot of the subscription itself wins over it, and it never wins over one.
   */
  readonly provisional: boolean;
  /** When the provider produced the notification this snapshot came in (orders two with the same period). */
  readonly asOf: string;
}

/** What the account keeps of its subscription (the users read model holds the same). */
export interface SubscriptionState extends SubscriptionSnapshot {
  /** After a failed renewal: the plan stays until then, and ends there unless a payment goes through. */
  readonly graceUntil: string | null;
}

/** Whether paid plans can be bought on this server, and else whom to ask for one (SCRIVO_SUPPORT_EMAIL). */
export interface PaymentsHere {
  readonly configured: boolean;
  readonly supportEmail: string | null;
}

/** Days a failed renewal keeps the paid plan while the provider retries the card. */
export const PAYMENT_GRACE_DAYS = 7;
/**
 * A renewing subscription keeps its plan this long past its period's end: the renewal's notification can arrive a
 * little after the period ends, and the user should not drop to Free for those minutes.
 */
export const RENEWAL_LEEWAY_HOURS = 24;

const HOUR = 60 * 60 * 1000;
const time = (iso: string) => Date.parse(iso);

/**
 * Whether `incoming` is older news than what the account holds: webhooks arrive in any order, so the
 * subscription's own state decides, never the order of arrival. An ended subscription never comes back; a later
 * period beats an earlier one; within one period the later notification wins; the provider's own snapshot beats
 * our provisional one from the checkout. Another subscription replaces the known one if that one has ended or the
 * new one is newer.
 */
export const isStaleSnapshot = (known: SubscriptionState | null, incoming: SubscriptionSnapshot): boolean => {
  if (!known) return false;
  if (known.subscriptionId !== incoming.subscriptionId)
    return !isEnded(known.status) && time(incoming.createdAt) < time(known.createdAt);
  if (isEnded(known.status)) return true;
  if (incoming.provisional && !known.provisional) return true;
  if (known.provisional && !incoming.provisional) return false;
  const byPeriod = time(incoming.currentPeriodEnd) - time(known.currentPeriodEnd);
  if (byPeriod !== 0) return byPeriod < 0;
  return time(incoming.asOf) < time(known.asOf);
};

export const isEnded = (status: SubscriptionStatus): boolean =>
  status === 'canceled' || status === 'unpaid' || status === 'incomplete_expired';

/**
 * The plan a subscription gives: a live one runs to its period's end (plus the renewal leeway unless it was
 * cancelled, which ends exactly there), a failed renewal to the end of its grace, then Free. An ended one is Free
 * now; one whose first payment has not gone through changes nothing (null).
 */
export const subscriptionPlanTerm = (subscription: SubscriptionState): PlanTerm | null => {
  const { status, plan } = subscription;
  if (isEnded(status)) return { plan: 'free', planUntil: null, planAfter: null };
  if (status === 'incomplete' || status === 'paused') return null;
  if (subscription.graceUntil !== null || status === 'past_due') {
    const until =
      subscription.graceUntil ??
      new Date(time(subscription.currentPeriodEnd) + RENEWAL_LEEWAY_HOURS * HOUR).toISOString();
    return { plan, planUntil: until, planAfter: 'free' };
  }
  const end =
    time(subscription.currentPeriodEnd) + (subscription.cancelAtPeriodEnd ? 0 : RENEWAL_LEEWAY_HOURS * HOUR);
  return { plan, planUntil: new Date(end).toISOString(), planAfter: 'free' };
};

/** The end of the grace a renewal that failed at `failedAt` gets. */
export const graceUntil = (failedAt: string): string =>
  new Date(time(failedAt) + PAYMENT_GRACE_DAYS * 24 * HOUR).toISOString();

/** The estimated end of a period that starts at `start` (a month is the calendar month, like Stripe's). */
export const periodEndFrom = (start: string, period: BillingPeriod): string => {
  const date = new Date(start);
  if (period === 'weekly') return new Date(date.getTime() + 7 * 24 * HOUR).toISOString();
  const end = new Date(date);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString();
};

/**
 * The subscription after a provider's snapshot: a payment that went through (active) clears the grace of a failed
 * one; anything else about the same subscription keeps it.
 */
export const subscriptionAfterSnapshot = (
  known: SubscriptionState | null,
  snapshot: SubscriptionSnapshot,
): SubscriptionState => {
  const sameSubscription = known !== null && known.subscriptionId === snapshot.subscriptionId;
  const paid = snapshot.status === 'active' || snapshot.status === 'trialing';
  return { ...snapshot, graceUntil: sameSubscription && !paid ? known.graceUntil : null };
};

/** The plan term once the subscription is what it now is; the term before when the subscription gives none. */
export const planTermWith = (before: PlanTerm, subscription: SubscriptionState): PlanTerm =>
  subscriptionPlanTerm(subscription) ?? {
    plan: before.plan,
    planUntil: before.planUntil,
    planAfter: before.planAfter,
  };

/**
 * The start of a weekly subscription's period when that subscription gives the plan in force at `now`: the
 * account's minutes then reset per billing week (usagePeriod's anchor). null = calendar months (Free, monthly
 * plans, a plan an operator gave).
 */
export const weeklyUsageAnchor = (
  account: PlanTerm & {
    readonly subscription: {
      readonly plan: PlanId;
      readonly billingPeriod: BillingPeriod;
      readonly currentPeriodStart: string;
    } | null;
  },
  now: Date | string,
): string | null => {
  const { subscription } = account;
  if (subscription === null || subscription.billingPeriod !== 'weekly') return null;
  return planInEffect(account, now) === subscription.plan ? subscription.currentPeriodStart : null;
};
