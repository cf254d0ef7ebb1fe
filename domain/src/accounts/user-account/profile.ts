import type { Language, UserEvent } from '../events';
import { planInEffect } from '../plan-term';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount } from './state';

export const updateProfile = (
  command: UserAccountCommandOf<'UpdateProfile'>,
  account: LiveAccount,
): UserEvent[] => {
  const data: { firstName?: string; lastName?: string; language?: Language } = {};
  if (command.firstName !== undefined) data.firstName = command.firstName.trim();
  if (command.lastName !== undefined) data.lastName = command.lastName.trim();
  if (command.language !== undefined && command.language !== account.language)
    data.language = command.language;
  if (Object.keys(data).length === 0) return [];
  return [{ type: 'UserProfileUpdated', data: { userId: account.userId, ...data, updatedAt: command.at } }];
};

export const changePlan = (
  command: UserAccountCommandOf<'ChangePlan'>,
  account: LiveAccount,
): UserEvent[] => {
  const from = planInEffect(account, command.at);
  if (command.plan === from && account.planUntil === null) return [];
  return [
    {
      type: 'UserPlanChanged',
      data: { userId: account.userId, from, to: command.plan, changedAt: command.at },
    },
  ];
};
