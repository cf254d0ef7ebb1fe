import type { PlanId } from './events';

/** A user's plan as stored: the plan set, and when an operator gave it for a while, its end and what follows. */
export interface PlanTerm {
  readonly plan: PlanId;
  /** Instant the plan ends; null = until changed. */
  readonly planUntil: string | null;
  /** The plan from `planUntil` on (the paid or Free plan the user had before). */
  readonly planAfter: PlanId | null;
}

/**
 * The plan in force at `now`. A plan given "until a date" ends by itself because it is computed here, on every
 * read, from the stored end: no timer or reactor has to fire for the user to fall back.
 */
export const planInEffect = (term: PlanTerm, now: Date | string): PlanId => {
  if (term.planUntil === null) return term.plan;
  const at = typeof now === 'string' ? Date.parse(now) : now.getTime();
  return at < Date.parse(term.planUntil) ? term.plan : (term.planAfter ?? 'free');
};

/** The plan that lasts once any temporary one is over: what a new temporary plan falls back to. */
export const lastingPlan = (term: PlanTerm): PlanId =>
  term.planUntil === null ? term.plan : (term.planAfter ?? 'free');
