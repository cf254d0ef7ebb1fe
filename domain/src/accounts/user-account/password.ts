import { DomainError } from '../../kernel/errors';
import type { UserEvent } from '../events';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount, UserAccountState } from './state';

const INVALID_RESET_LINK = 'This reset link is invalid or has expired';

/** Why a reset token cannot be used, or null when it can. */
const resetTokenProblem = (state: UserAccountState, tokenHash: string, now: string): string | null => {
  if (state.usedResetTokens.includes(tokenHash)) return 'This reset link has already been used';
  if (!state.exists || !state.resetToken) return INVALID_RESET_LINK;
  if (state.resetToken.hash !== tokenHash) return INVALID_RESET_LINK;
  if (Date.parse(state.resetToken.expiresAt) <= Date.parse(now)) return 'This reset link has expired';
  return null;
};

/** A reset link as the API read it: the account it names and the hash of its secret. */
export interface ResetLink {
  readonly account: UserAccountState;
  readonly hash: string;
}

/**
 * The link, when it can still reset a password; INVALID_RESET_TOKEN when it cannot. `null`: the link is not one
 * this server makes at all, which says no more than an unknown one.
 */
export const usableResetLink = <Link extends ResetLink>(link: Link | null, now: string): Link => {
  if (!link) throw new DomainError('INVALID_RESET_TOKEN', INVALID_RESET_LINK);
  const problem = resetTokenProblem(link.account, link.hash, now);
  if (problem) throw new DomainError('INVALID_RESET_TOKEN', problem);
  return link;
};

export const requestPasswordReset = (
  command: UserAccountCommandOf<'RequestPasswordReset'>,
  account: LiveAccount,
): UserEvent[] => [
  {
    type: 'PasswordResetRequested',
    data: {
      userId: account.userId,
      tokenHash: command.tokenHash,
      expiresAt: command.expiresAt,
      requestedAt: command.at,
    },
  },
];

export const resetPassword = (
  command: UserAccountCommandOf<'ResetPassword'>,
  account: LiveAccount,
): UserEvent[] => {
  usableResetLink({ account, hash: command.tokenHash }, command.at);
  const { userId } = account;
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
  if (!account.emailVerified) {
    events.push({
      type: 'UserEmailVerified',
      data: { userId, email: account.email, method: 'password_reset', verifiedAt: command.at },
    });
  }
  return events;
};

export const changePassword = (
  command: UserAccountCommandOf<'ChangePassword'>,
  account: LiveAccount,
): UserEvent[] => {
  if (!account.passwordHash)
    throw new DomainError(
      'NO_PASSWORD',
      'This account has no password yet. Set one with a reset link sent to your email.',
    );
  if (!command.currentPasswordMatched)
    throw new DomainError('WRONG_CURRENT_PASSWORD', 'The current password is not correct.');
  return [
    {
      type: 'PasswordChanged',
      data: {
        userId: account.userId,
        passwordHash: command.newPasswordHash,
        via: 'change',
        tokenHash: null,
        changedAt: command.at,
      },
    },
  ];
};
