import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import { normalizeEmail } from './email-address';
import type { EmailVerificationEvent, VerificationCodeRejected } from './events';
import { AccountRules } from './rules';

export interface EmailVerificationState {
  readonly code: { readonly hash: string; readonly expiresAt: string; readonly wrongTries: number } | null;
  readonly lastIssuedAt: string | null;
  /** The hash of the code that verified the address, so repeating the same request is harmless. */
  readonly verified: { readonly at: string; readonly codeHash: string } | null;
  readonly consumed: boolean;
}

export type EmailVerificationCommand =
  | { readonly type: 'IssueCode'; readonly email: string; readonly codeHash: string; readonly at: string }
  | { readonly type: 'CheckCode'; readonly email: string; readonly codeHash: string; readonly at: string }
  /**
   * Confirms an account's deletion: only a code still waiting proves it is the owner asking, so the code that
   * verified the address at sign-up, which CheckCode would take again, proves nothing here.
   */
  | {
      readonly type: 'CheckPendingCode';
      readonly email: string;
      readonly codeHash: string;
      readonly at: string;
    }
  /** Registration uses up a verified address, once. */
  | {
      readonly type: 'ConsumeVerification';
      readonly email: string;
      readonly userId: string;
      readonly at: string;
    };

const ms = (iso: string) => Date.parse(iso);

const WRONG_CODE = 'The verification code is incorrect. Please check it and try again.';
const TOO_MANY_WRONG_CODES = 'Too many incorrect codes. Please request a new verification code.';

/**
 * What a wrong code answers once its rejection is recorded (the rejection counts, so it is an event, not a throw):
 * the same words for every wrong code, so nothing tells how close a guess was, and none once no try is left.
 */
export const rejectedCodeRefusal = ({ data }: VerificationCodeRejected): DomainError =>
  data.attemptsLeft <= 0
    ? new DomainError('TOO_MANY_ATTEMPTS', TOO_MANY_WRONG_CODES)
    : new DomainError('INVALID_VERIFICATION_CODE', WRONG_CODE, { attemptsLeft: data.attemptsLeft });

/** A waiting code checked against the one given: its tries, its expiry, then a match or a counted rejection. */
const checkWaitingCode = (
  email: string,
  code: NonNullable<EmailVerificationState['code']>,
  command: { readonly codeHash: string; readonly at: string },
): EmailVerificationEvent[] => {
  if (code.wrongTries >= AccountRules.maxWrongCodes)
    throw new DomainError('TOO_MANY_ATTEMPTS', TOO_MANY_WRONG_CODES);
  if (ms(code.expiresAt) <= ms(command.at))
    throw new DomainError(
      'VERIFICATION_CODE_EXPIRED',
      'This verification code has expired. Please request a new code.',
    );
  if (code.hash !== command.codeHash) {
    const attempt = code.wrongTries + 1;
    return [
      {
        type: 'VerificationCodeRejected',
        data: { email, attempt, attemptsLeft: AccountRules.maxWrongCodes - attempt, at: command.at },
      },
    ];
  }
  return [{ type: 'EmailAddressVerified', data: { email, verifiedAt: command.at } }];
};

export const emailVerificationDecider: Decider<
  EmailVerificationCommand,
  EmailVerificationEvent,
  EmailVerificationState
> = {
  initialState: () => ({ code: null, lastIssuedAt: null, verified: null, consumed: false }),

  decide(command, state) {
    const email = normalizeEmail(command.email);
    switch (command.type) {
      case 'IssueCode': {
        if (state.lastIssuedAt) {
          const waitMs = ms(state.lastIssuedAt) + AccountRules.resendCooldownMs - ms(command.at);
          if (waitMs > 0) {
            const seconds = Math.ceil(waitMs / 1000);
            throw new DomainError(
              'RATE_LIMITED',
              `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another code.`,
              { retryAfterSeconds: seconds },
            );
          }
        }
        return [
          {
            type: 'VerificationCodeIssued',
            data: {
              email,
              codeHash: command.codeHash,
              issuedAt: command.at,
              expiresAt: new Date(ms(command.at) + AccountRules.verificationCodeTtlMs).toISOString(),
            },
          },
        ];
      }

      case 'CheckCode': {
        if (!state.code) {
          if (state.verified?.codeHash === command.codeHash) return [];
          throw new DomainError(
            'VERIFICATION_CODE_MISSING',
            'No verification code is pending for this email. Please request a new code.',
          );
        }
        return checkWaitingCode(email, state.code, command);
      }

      case 'CheckPendingCode': {
        if (!state.code)
          throw new DomainError('VERIFICATION_CODE_MISSING', 'Please ask for a new code first.');
        return checkWaitingCode(email, state.code, command);
      }

      case 'ConsumeVerification': {
        const fresh =
          state.verified !== null &&
          !state.consumed &&
          ms(state.verified.at) + AccountRules.verifiedEmailValidForMs > ms(command.at);
        if (!fresh)
          throw new DomainError(
            'EMAIL_NOT_VERIFIED',
            'Please verify your email address with the code we sent you first.',
          );
        return [
          { type: 'EmailVerificationConsumed', data: { email, userId: command.userId, at: command.at } },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'VerificationCodeIssued':
        return {
          ...state,
          code: { hash: event.data.codeHash, expiresAt: event.data.expiresAt, wrongTries: 0 },
          lastIssuedAt: event.data.issuedAt,
        };
      case 'VerificationCodeRejected':
        return state.code ? { ...state, code: { ...state.code, wrongTries: event.data.attempt } } : state;
      case 'EmailAddressVerified':
        return {
          ...state,
          code: null,
          verified: { at: event.data.verifiedAt, codeHash: state.code?.hash ?? '' },
          consumed: false,
        };
      case 'EmailVerificationConsumed':
        return { ...state, consumed: true };
    }
  },
};
