import { DomainError } from '../../kernel/errors';
import type { Language, UserEvent } from '../events';
import { isEnded } from '../subscription';
import type { UserAccountCommandOf } from './commands';
import { accountNotFound, type LiveAccount, type UserAccountState } from './state';

/** Where the code that confirms a deletion goes: the account's own address, while there is an account. */
export const erasureCodeRecipient = (
  state: UserAccountState,
): { readonly email: string; readonly language: Language } => {
  if (!state.exists || !state.email) throw new DomainError('USER_NOT_FOUND', 'This account does not exist.');
  return { email: state.email, language: state.language };
};

/** Delete my account: the owner proved it is them, and nothing will go on charging it. */
export const requestAccountErasure = (
  command: UserAccountCommandOf<'RequestAccountErasure'>,
  account: LiveAccount,
): UserEvent[] => {
  if (command.confirmedBy === 'password' && !account.passwordHash)
    throw new DomainError(
      'NO_PASSWORD',
      'This account has no password. Ask for a code by email to confirm the deletion instead.',
    );
  if (!command.confirmed)
    throw command.confirmedBy === 'password'
      ? new DomainError('WRONG_CURRENT_PASSWORD', 'The password is not correct.')
      : new DomainError('INVALID_VERIFICATION_CODE', 'The code is not correct.');
  // The provider would go on charging an account that no longer exists.
  if (account.subscription && !isEnded(account.subscription.status))
    throw new DomainError(
      'SUBSCRIPTION_ACTIVE',
      'Please cancel your paid subscription first (Plan > Manage billing), then delete the account.',
    );
  const { userId } = account;
  return [
    {
      type: 'AccountErasureRequested',
      data: { userId, by: { kind: 'user', id: userId }, requestedAt: command.at },
    },
  ];
};

/** The account-erasure reactor erased everything the account held; the only command an account being erased takes. */
export const completeAccountErasure = (
  command: UserAccountCommandOf<'CompleteAccountErasure'>,
  state: UserAccountState,
): UserEvent[] => {
  if (!state.exists || !state.userId || state.erasure === null) throw accountNotFound();
  if (state.erasure === 'done') return [];
  return [{ type: 'AccountErased', data: { userId: state.userId, erasedAt: command.at } }];
};
