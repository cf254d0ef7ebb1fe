import { DomainError } from '../../kernel/errors';
import { normalizeEmail } from '../email-address';
import type { UserEvent } from '../events';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount, UserAccountState } from './state';

export const registerUser = (
  command: UserAccountCommandOf<'RegisterUser'>,
  state: UserAccountState,
): UserEvent[] => {
  if (state.exists)
    throw new DomainError(
      'EMAIL_TAKEN',
      'An account with this email already exists. Please sign in instead.',
    );
  const email = normalizeEmail(command.email);
  const events: UserEvent[] = [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email,
        passwordHash: command.passwordHash,
        firstName: command.firstName.trim(),
        lastName: command.lastName.trim(),
        industry: command.industry,
        hearAboutUs: command.hearAboutUs,
        language: command.language,
        plan: command.plan ?? 'free',
        registeredAt: command.at,
      },
    },
  ];
  if (command.verifiedBy) {
    events.push({
      type: 'UserEmailVerified',
      data: { userId: command.userId, email, method: command.verifiedBy, verifiedAt: command.at },
    });
  }
  if (command.googleSubject) {
    events.push({
      type: 'GoogleIdentityLinked',
      data: { userId: command.userId, googleSubject: command.googleSubject, linkedAt: command.at },
    });
  }
  if (command.signsIn && command.verifiedBy) {
    events.push({
      type: 'UserSignedIn',
      data: { userId: command.userId, method: 'sign_up', at: command.at },
    });
  }
  return events;
};

export const verifyUserEmail = (
  command: UserAccountCommandOf<'VerifyUserEmail'>,
  account: LiveAccount,
): UserEvent[] => {
  if (account.emailVerified) return [];
  return [
    {
      type: 'UserEmailVerified',
      data: { userId: account.userId, email: account.email, method: command.method, verifiedAt: command.at },
    },
  ];
};
