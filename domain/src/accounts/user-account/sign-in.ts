import { DomainError } from '../../kernel/errors';
import type { UserEvent } from '../events';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount } from './state';

export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account has been suspended. Please contact the administrator of this server.';

export const recordPasswordSignIn = (
  command: UserAccountCommandOf<'RecordPasswordSignIn'>,
  account: LiveAccount,
): UserEvent[] => {
  const { userId } = account;
  if (!account.passwordHash) {
    return [{ type: 'UserSignInFailed', data: { userId, reason: 'no_password', at: command.at } }];
  }
  if (!command.passwordMatched) {
    return [{ type: 'UserSignInFailed', data: { userId, reason: 'wrong_password', at: command.at } }];
  }
  // Only after the password matched, so a guesser learns nothing about the account.
  if (account.suspended) {
    return [{ type: 'UserSignInFailed', data: { userId, reason: 'suspended', at: command.at } }];
  }
  if (!account.emailVerified) {
    return [{ type: 'UserSignInFailed', data: { userId, reason: 'email_not_verified', at: command.at } }];
  }
  return [{ type: 'UserSignedIn', data: { userId, method: 'password', at: command.at } }];
};

export const signInWithGoogle = (
  command: UserAccountCommandOf<'SignInWithGoogle'>,
  account: LiveAccount,
): UserEvent[] => {
  const { userId } = account;
  if (account.suspended) throw new DomainError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED_MESSAGE);
  if (account.googleSubject && account.googleSubject !== command.googleSubject) {
    throw new DomainError(
      'GOOGLE_ACCOUNT_MISMATCH',
      'This email is linked to a different Google account. Please sign in with that account or with your password.',
    );
  }
  const events: UserEvent[] = [];
  if (!account.googleSubject) {
    events.push({
      type: 'GoogleIdentityLinked',
      data: { userId, googleSubject: command.googleSubject, linkedAt: command.at },
    });
  }
  if (!account.emailVerified) {
    // Pre-hijacking: whoever registered this address never proved it; Google just did for its owner.
    if (account.passwordHash)
      events.push({
        type: 'UnverifiedPasswordRemoved',
        data: { userId, reason: 'email_verified_by_google', removedAt: command.at },
      });
    events.push({
      type: 'UserEmailVerified',
      data: { userId, email: account.email, method: 'google', verifiedAt: command.at },
    });
  }
  events.push({ type: 'UserSignedIn', data: { userId, method: 'google', at: command.at } });
  return events;
};
