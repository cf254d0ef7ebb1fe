import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import { normalizeEmail } from './email-address';
import type { Language, PlanId, UserEvent, VerificationMethod } from './events';

export interface UserAccountState {
  readonly exists: boolean;
  readonly userId: string | null;
  readonly email: string | null;
  readonly passwordHash: string | null;
  readonly emailVerified: boolean;
  readonly plan: PlanId;
  readonly language: Language;
  readonly googleSubject: string | null;
  /** The outstanding reset token (only the newest one is valid). */
  readonly resetToken: { readonly hash: string; readonly expiresAt: string } | null;
  readonly usedResetTokens: readonly string[];
}

export type UserAccountCommand =
  | {
      readonly type: 'RegisterUser';
      readonly userId: string;
      readonly email: string;
      readonly passwordHash: string | null;
      readonly firstName: string;
      readonly lastName: string;
      readonly industry: string | null;
      readonly hearAboutUs: string | null;
      readonly language: Language;
      /** Set when the address was already proven (a consumed code or a Google identity). */
      readonly verifiedBy: VerificationMethod | null;
      readonly googleSubject?: string;
      readonly at: string;
    }
  | { readonly type: 'VerifyUserEmail'; readonly method: VerificationMethod; readonly at: string }
  | {
      readonly type: 'RecordPasswordSignIn';
      /** The API checked the password against the stored hash (hashing is a port, not a rule). */
      readonly passwordMatched: boolean;
      readonly at: string;
    }
  | { readonly type: 'SignInWithGoogle'; readonly googleSubject: string; readonly at: string }
  | {
      readonly type: 'RequestPasswordReset';
      readonly tokenHash: string;
      readonly expiresAt: string;
      readonly at: string;
    }
  | {
      readonly type: 'ResetPassword';
      readonly tokenHash: string;
      readonly newPasswordHash: string;
      readonly at: string;
    }
  | {
      readonly type: 'UpdateProfile';
      readonly firstName?: string;
      readonly lastName?: string;
      readonly language?: Language;
      readonly at: string;
    }
  | { readonly type: 'ChangePlan'; readonly plan: PlanId; readonly at: string };

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired';

const notFound = () => new DomainError('USER_NOT_FOUND', 'No account was found.');

/** Why a reset token cannot be used, or null when it can. */
export const resetTokenProblem = (state: UserAccountState, tokenHash: string, now: string): string | null => {
  if (state.usedResetTokens.includes(tokenHash)) return 'This reset link has already been used';
  if (!state.exists || !state.resetToken) return INVALID_RESET_LINK;
  if (state.resetToken.hash !== tokenHash) return INVALID_RESET_LINK;
  if (Date.parse(state.resetToken.expiresAt) <= Date.parse(now)) return 'This reset link has expired';
  return null;
};

export const userAccountDecider: Decider<UserAccountCommand, UserEvent, UserAccountState> = {
  initialState: () => ({
    exists: false,
    userId: null,
    email: null,
    passwordHash: null,
    emailVerified: false,
    plan: 'free',
    language: 'en',
    googleSubject: null,
    resetToken: null,
    usedResetTokens: [],
  }),

  decide(command, state) {
    if (command.type === 'RegisterUser') {
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
            plan: 'free',
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
      return events;
    }
    if (!state.exists || !state.userId || !state.email) throw notFound();
    const userId = state.userId;

    switch (command.type) {
      case 'VerifyUserEmail':
        if (state.emailVerified) return [];
        return [
          {
            type: 'UserEmailVerified',
            data: { userId, email: state.email, method: command.method, verifiedAt: command.at },
          },
        ];

      case 'RecordPasswordSignIn': {
        if (!state.passwordHash) {
          return [{ type: 'UserSignInFailed', data: { userId, reason: 'no_password', at: command.at } }];
        }
        if (!command.passwordMatched) {
          return [{ type: 'UserSignInFailed', data: { userId, reason: 'wrong_password', at: command.at } }];
        }
        if (!state.emailVerified) {
          return [
            { type: 'UserSignInFailed', data: { userId, reason: 'email_not_verified', at: command.at } },
          ];
        }
        return [{ type: 'UserSignedIn', data: { userId, method: 'password', at: command.at } }];
      }

      case 'SignInWithGoogle': {
        if (state.googleSubject && state.googleSubject !== command.googleSubject) {
          throw new DomainError(
            'GOOGLE_ACCOUNT_MISMATCH',
            'This email is linked to a different Google account. Please sign in with that account or with your password.',
          );
        }
        const events: UserEvent[] = [];
        if (!state.googleSubject) {
          events.push({
            type: 'GoogleIdentityLinked',
            data: { userId, googleSubject: command.googleSubject, linkedAt: command.at },
          });
        }
        if (!state.emailVerified) {
          // Pre-hijacking: whoever registered this address never proved it; Google just did for its owner.
          if (state.passwordHash)
            events.push({
              type: 'UnverifiedPasswordRemoved',
              data: { userId, reason: 'email_verified_by_google', removedAt: command.at },
            });
          events.push({
            type: 'UserEmailVerified',
            data: { userId, email: state.email, method: 'google', verifiedAt: command.at },
          });
        }
        events.push({ type: 'UserSignedIn', data: { userId, method: 'google', at: command.at } });
        return events;
      }

      case 'RequestPasswordReset':
        return [
          {
            type: 'PasswordResetRequested',
            data: {
              userId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              requestedAt: command.at,
            },
          },
        ];

      case 'ResetPassword': {
        const problem = resetTokenProblem(state, command.tokenHash, command.at);
        if (problem) throw new DomainError('INVALID_RESET_TOKEN', problem);
        const events: UserEvent[] = [
          {
            type: 'PasswordChanged',
            data: {
              userId,
              passwordHash: command.newPasswordHash,
              via: 'reset',
              tokenHash: command.tokenHash,
              changedAt: command.at,
            },
          },
        ];
        // The link reached the mailbox, which proves the address as well as a code would.
        if (!state.emailVerified) {
          events.push({
            type: 'UserEmailVerified',
            data: { userId, email: state.email, method: 'password_reset', verifiedAt: command.at },
          });
        }
        return events;
      }

      case 'UpdateProfile': {
        const data: { firstName?: string; lastName?: string; language?: Language } = {};
        if (command.firstName !== undefined) data.firstName = command.firstName.trim();
        if (command.lastName !== undefined) data.lastName = command.lastName.trim();
        if (command.language !== undefined && command.language !== state.language)
          data.language = command.language;
        if (Object.keys(data).length === 0) return [];
        return [{ type: 'UserProfileUpdated', data: { userId, ...data, updatedAt: command.at } }];
      }

      case 'ChangePlan':
        if (command.plan === state.plan) return [];
        return [
          {
            type: 'UserPlanChanged',
            data: { userId, from: state.plan, to: command.plan, changedAt: command.at },
          },
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          exists: true,
          userId: event.data.userId,
          email: event.data.email,
          passwordHash: event.data.passwordHash,
          language: event.data.language,
          plan: event.data.plan,
        };
      case 'UserEmailVerified':
        return { ...state, emailVerified: true };
      case 'PasswordResetRequested':
        return { ...state, resetToken: { hash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      case 'PasswordChanged':
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          resetToken: null,
          usedResetTokens: [...state.usedResetTokens, event.data.tokenHash],
        };
      case 'UnverifiedPasswordRemoved':
        return { ...state, passwordHash: null };
      case 'UserProfileUpdated':
        return { ...state, language: event.data.language ?? state.language };
      case 'UserPlanChanged':
        return { ...state, plan: event.data.to };
      case 'GoogleIdentityLinked':
        return { ...state, googleSubject: event.data.googleSubject };
      case 'UserSignedIn':
      case 'UserSignInFailed':
        return state;
    }
  },
};
