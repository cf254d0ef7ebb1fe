export { PLAN_IDS, PLAN_LIMITS, type PlanId, type PlanLimits, maxUploadBytesFor } from '../plans';

/** Allowances run per calendar month in UTC. */
export const usagePeriod = (at: Date): { id: string; start: Date; end: Date } => {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { id: start.toISOString().slice(0, 7), start, end };
};

/** Minutes rounded to one decimal for people; never rounds a remainder up into minutes that do not exist. */
export const minutesForPeople = (seconds: number): number => Math.floor((seconds / 60) * 10) / 10;
