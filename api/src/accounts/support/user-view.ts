import type { User, UserSubscription } from '@scrivo/contracts';
import {
  isEnded,
  planInEffect,
  type SubscriptionState,
  subscriptionPlanTerm,
  type UserDoc,
  withUserDocDefaults,
} from '@scrivo/domain/accounts';

/** The subscription as the account page tells it: renewing, ending on a date, in grace after a failure, or over. */
export const toSubscriptionView = (subscription: SubscriptionState, now: Date): UserSubscription => {
  const term = subscriptionPlanTerm(subscription);
  const base = {
    plan: subscription.plan,
    billingPeriod: subscription.billingPeriod,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
  };
  const over = term?.planUntil != null && Date.parse(term.planUntil) <= now.getTime();
  if (isEnded(subscription.status) || over) return { ...base, status: 'ended', renewsAt: null, endsAt: null };
  if (term === null) return { ...base, status: 'pending', renewsAt: null, endsAt: null };
  if (subscription.graceUntil !== null || subscription.status === 'past_due')
    return { ...base, status: 'payment_failed', renewsAt: null, endsAt: term.planUntil };
  if (subscription.cancelAtPeriodEnd)
    return { ...base, status: 'cancelling', renewsAt: null, endsAt: subscription.currentPeriodEnd };
  return { ...base, status: 'active', renewsAt: subscription.currentPeriodEnd, endsAt: null };
};

/**
 * The API's view of a user: the read-model document minus bookkeeping fields, with the plan in force at `now`
 * (a plan an operator gave until a date has already ended by itself once that date has passed).
 */
export const toUserView = (stored: UserDoc, now: Date): User => {
  const doc = withUserDocDefaults(stored);
  // A subscription's end is told by `subscription`; planUntil here is for a plan an operator gave until a date.
  const fromSubscription =
    doc.subscription !== null && subscriptionPlanTerm(doc.subscription)?.planUntil === doc.planUntil;
  const temporary = !fromSubscription && doc.planUntil !== null && Date.parse(doc.planUntil) > now.getTime();
  return {
    id: doc.id,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    plan: planInEffect(doc, now),
    planUntil: temporary ? doc.planUntil : null,
    planAfter: temporary ? (doc.planAfter ?? 'free') : null,
    language: doc.language,
    emailVerified: doc.emailVerified,
    industry: doc.industry,
    hearAboutUs: doc.hearAboutUs,
    hasPassword: doc.hasPassword,
    googleLinked: doc.googleLinked,
    createdAt: doc.createdAt,
    subscription: doc.subscription === null ? null : toSubscriptionView(doc.subscription, now),
  };
};
