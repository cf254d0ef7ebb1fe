import { PLAN_LIMITS, type PlanId } from '../plans';

export { PLAN_IDS, PLAN_LIMITS, type PlanId, type PlanLimits, maxUploadBytesFor } from '../plans';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Ids of weekly periods start with this (monthly ones are `YYYY-MM`). */
const WEEKLY = 'w';

/**
 * Allowances run per calendar month in UTC; a weekly subscription's run per its own billing week instead, so its
 * minutes reset when Stripe bills it. `weeklyAnchor` is the start of one of its periods: weeks are counted from it
 * (Stripe's periods follow one another without gaps), so any instant, past or future, falls in one of them.
 */
export const usagePeriod = (
  at: Date,
  weeklyAnchor: string | null = null,
): { id: string; start: Date; end: Date } => {
  if (weeklyAnchor !== null) {
    const anchor = Date.parse(weeklyAnchor);
    const start = new Date(anchor + Math.floor((at.getTime() - anchor) / WEEK_MS) * WEEK_MS);
    const end = new Date(start.getTime() + WEEK_MS);
    return { id: `${WEEKLY}${start.toISOString().slice(0, 19).replace(/[-:]/g, '')}`, start, end };
  }
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { id: start.toISOString().slice(0, 7), start, end };
};

/** Minutes rounded to one decimal for people; never rounds a remainder up into minutes that do not exist. */
export const minutesForPeople = (seconds: number): number => Math.floor((seconds / 60) * 10) / 10;

export const isWeeklyPeriod = (periodId: string): boolean => periodId.startsWith(WEEKLY);

/**
 * The plan's minutes for one usage period. Spec section 9 gives monthly allowances; a weekly period gets the
 * week's share of the month (7/30, rounded up: Premium 120 a month is 28 a week), unlimited staying unlimited.
 */
export const allowanceMinutesFor = (plan: PlanId, periodId: string): number | null => {
  const monthly = PLAN_LIMITS[plan].minutesPerMonth;
  if (monthly === null || !isWeeklyPeriod(periodId)) return monthly;
  return Math.ceil((monthly * 7) / 30);
};

/** The same allowance in seconds, as the usage decider counts it (null = unlimited). */
export const allowanceSecondsFor = (plan: PlanId, periodId: string): number | null => {
  const minutes = allowanceMinutesFor(plan, periodId);
  return minutes === null ? null : minutes * 60;
};
