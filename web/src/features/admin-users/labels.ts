import type { AdminChange, AdminUserStatus, PlanId } from '@scrivo/contracts';
import { TIER_LABEL } from '../../lib/tier-label';

export const planLabel = (plan: PlanId): string => TIER_LABEL[plan];

export const STATUS_OPTIONS: { value: AdminUserStatus; label: string }[] = [
  { value: 'all', label: 'All users' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'unverified', label: 'Unverified' },
];

export const formatDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

export const minutesLabel = (used: number, allowed: number | null): string =>
  `${used} / ${allowed === null ? 'unlimited' : allowed} min`;

/** One line of the history, as an operator reads it. */
export const describeChange = (change: AdminChange): string => {
  switch (change.type) {
    case 'plan_set':
      return change.until
        ? `Plan ${planLabel(change.from)} → ${planLabel(change.to)} until ${formatDate(change.until)}, then ${planLabel(change.thenPlan ?? 'free')}`
        : `Plan ${planLabel(change.from)} → ${planLabel(change.to)}`;
    case 'minutes_granted':
      return `Granted ${change.minutes} minutes for ${change.period}`;
    case 'suspended':
      return 'Suspended';
    case 'reactivated':
      return 'Reactivated';
  }
};

/** A date picked as "until" means through that day (UTC), as the CLI reads it: the plan ends as the next begins. */
export const untilEndOfDay = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
