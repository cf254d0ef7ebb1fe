import { DomainError } from '../../kernel/errors';
import type { UserEvent, UserSignInFailed } from '../events';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount } from './state';

export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account has been suspended. Please contact the administrator of this server.';

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * What a failed password sign-in answers, once its failure is recorded (`no_account`: the address has no account,
 * so there is nothing to record). An unknown address answers as a wrong password does, so the form cannot be used
 * to find out who has an account.
 */
export const passwordSignInRefusal = (
  reason: UserSignInFailed['data']['reason'] | 'no_account',
): DomainError => {
  switch (reason) {
    case 'suspended':
      return new DomainError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED_MESSAGE);
    case 'email_not_verified':
      // The API sends the code (unless one went out moments ago) before it answers.
      return new DomainError(
        'EMAIL_NOT_VERIFIED',
        'Please verify your email address. We sent a new verification code to your email.',
      );
    case 'no_password':
      return new DomainError(
        'INVALID_CREDENTIALS',
        'This account signs in with Google. Use the Google button, or reset your password to set one.',
      );
    case 'wrong_password':
    case 'no_account':
      return new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
};

/** Google proves an address only when it says it verified it: an address it did not verify signs no one in. */
export const requireAddressVerifiedByGoogle = (verifiedByGoogle: boolean): void => {
  if (!verifiedByGoogle)
    throw new DomainError(
      'GOOGLE_EMAIL_NOT_VERIFIED',
      'Google has not verified this email address, so it cannot be used to sign in.',
    );
};

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
