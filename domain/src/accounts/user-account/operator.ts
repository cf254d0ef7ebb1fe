import { DomainError } from '../../kernel/errors';
import type { UserEvent } from '../events';
import { lastingPlan, planInEffect } from '../plan-term';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount } from './state';

/** Most minutes one grant may add (a typo guard: 100 000 minutes is over two months of audio). */
export const MAX_GRANTED_MINUTES = 100_000;
export const MAX_REASON_LENGTH = 500;

/** Every operator's change says why; the history shows the reason next to who and when. */
const requireReason = (reason: string): string => {
  const trimmed = reason.trim();
  if (!trimmed) throw new DomainError('REASON_REQUIRED', 'Please give a reason for this change.');
  if (trimmed.length > MAX_REASON_LENGTH)
    throw new DomainError('REASON_REQUIRED', `The reason can be at most ${MAX_REASON_LENGTH} characters.`);
  return trimmed;
};

export const setPlanByAdmin = (
  command: UserAccountCommandOf<'SetPlanByAdmin'>,
  account: LiveAccount,
): UserEvent[] => {
  const reason = requireReason(command.reason);
  if (command.until !== null && !(Date.parse(command.until) > Date.parse(command.at)))
    throw new DomainError('INVALID_PLAN_UNTIL', 'The end date of the plan must be in the future.');
  if (command.until === null && account.planUntil === null && command.plan === account.plan) return [];
  return [
    {
      type: 'UserPlanSetByAdmin',
      data: {
        userId: account.userId,
        from: planInEffect(account, command.at),
        to: command.plan,
        until: command.until,
        thenPlan: command.until === null ? null : lastingPlan(account),
        by: command.by,
        reason,
        changedAt: command.at,
      },
    },
  ];
};

export const grantMinutes = (
  command: UserAccountCommandOf<'GrantMinutes'>,
  account: LiveAccount,
): UserEvent[] => {
  const reason = requireReason(command.reason);
  if (!Number.isInteger(command.minutes) || command.minutes < 1 || command.minutes > MAX_GRANTED_MINUTES)
    throw new DomainError(
      'INVALID_MINUTES',
      `Minutes must be a whole number from 1 to ${MAX_GRANTED_MINUTES}.`,
    );
  return [
    {
      type: 'UserMinutesGranted',
      data: {
        userId: account.userId,
        grantId: command.grantId,
        period: command.period,
        minutes: command.minutes,
        by: command.by,
        reason,
        grantedAt: command.at,
      },
    },
  ];
};

export const suspendUser = (
  command: UserAccountCommandOf<'SuspendUser'>,
  account: LiveAccount,
): UserEvent[] => {
  const reason = requireReason(command.reason);
  if (account.suspended) return [];
  return [
    {
      type: 'UserSuspended',
      data: { userId: account.userId, by: command.by, reason, suspendedAt: command.at },
    },
  ];
};

export const reactivateUser = (
  command: UserAccountCommandOf<'ReactivateUser'>,
  account: LiveAccount,
): UserEvent[] => {
  const reason = requireReason(command.reason);
  if (!account.suspended) return [];
  return [
    {
      type: 'UserReactivated',
      data: { userId: account.userId, by: command.by, reason, reactivatedAt: command.at },
    },
  ];
};
