import { planInEffect, type PlanId, weeklyUsageAnchor } from '@scrivo/domain/accounts';
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

/** The weekly billing anchor of the account's usage periods (see weeklyUsageAnchor), or null for months. */
export const weeklyAnchorOf = (doc: UserDocCore, now: Date): string | null =>
  weeklyUsageAnchor(
    {
      plan: doc.plan ?? 'free',
      planUntil: doc.planUntil ?? null,
      planAfter: doc.planAfter ?? null,
      subscription: doc.subscription ?? null,
    },
    now,
  );
