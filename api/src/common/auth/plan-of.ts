import { planInEffect, type PlanId } from '@scrivo/domain/accounts';
import type { UserDocCore } from './authenticated';

/**
 * The plan in force for a `users` document at `now`: a plan an operator gave until a date has ended by itself once
 * that date has passed (the document keeps the stored end; nothing rewrites it).
 */
export const planOf = (doc: UserDocCore, now: Date): PlanId =>
  planInEffect(
    { plan: doc.plan ?? 'free', planUntil: doc.planUntil ?? null, planAfter: doc.planAfter ?? null },
    now,
  );

/**
 * The start of a weekly subscription's period when that subscription is what gives the plan in force: the
 * account's minutes then reset per billing week. null = calendar months (Free, monthly plans, operators' plans).
 */
export const weeklyAnchorOf = (doc: UserDocCore, now: Date): string | null => {
  const subscription = doc.subscription ?? null;
  if (subscription === null || subscription.billingPeriod !== 'weekly') return null;
  return planOf(doc, now) === subscription.plan ? subscription.currentPeriodStart : null;
};
