import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import { emailVerificationDecider, rejectedCodeRefusal } from './email-verification.decider';
import type { EmailVerificationEvent, VerificationCodeRejected } from './events';

const spec = DeciderSpecification.for(emailVerificationDecider);
const t0 = '2026-01-01T10:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();
const issued: EmailVerificationEvent = {
  type: 'VerificationCodeIssued',
  data: { email: 'ada@example.com', codeHash: 'h-123456', issuedAt: t0, expiresAt: plus(600_000) },
};
const rejected = (attempt: number): EmailVerificationEvent => ({
  type: 'VerificationCodeRejected',
  data: { email: 'ada@example.com', attempt, attemptsLeft: 5 - attempt, at: t0 },
});
const check = (codeHash: string, at = plus(1000)) => ({
  type: 'CheckCode' as const,
  email: 'Ada@example.com',
  codeHash,
  at,
});

describe('email verification decider', () => {
  it('issues a code valid for 10 minutes', () => {
    spec
      .given([])
      .when({ type: 'IssueCode', email: ' ADA@example.com', codeHash: 'h-123456', at: t0 })
      .then([issued]);
  });
  it('rate-limits resends to one every 30 seconds, saying how long to wait', () => {
    spec
      .given([issued])
      .when({ type: 'IssueCode', email: 'ada@example.com', codeHash: 'h-2', at: plus(10_000) })
      .thenThrows((e) => (e as Error).message === 'Please wait 20 seconds before requesting another code.');
    spec
      .given([issued])
      .when({ type: 'IssueCode', email: 'ada@example.com', codeHash: 'h-2', at: plus(30_000) })
      .then((events) => expect(events[0]?.type).toBe('VerificationCodeIssued'));
  });
  it('verifies the address with the right code', () => {
    spec
      .given([issued])
      .when(check('h-123456'))
      .then([{ type: 'EmailAddressVerified', data: { email: 'ada@example.com', verifiedAt: plus(1000) } }]);
  });
  it('counts a wrong code and says how many tries are left', () => {
    spec
      .given([issued, rejected(1)])
      .when(check('h-000000'))
      .then([
        {
          type: 'VerificationCodeRejected',
          data: { email: 'ada@example.com', attempt: 2, attemptsLeft: 3, at: plus(1000) },
        },
      ]);
  });
  it('refuses every code, even the right one, after 5 wrong tries', () => {
    spec
      .given([issued, rejected(1), rejected(2), rejected(3), rejected(4), rejected(5)])
      .when(check('h-123456'))
      .thenThrows({ code: 'TOO_MANY_ATTEMPTS' });
  });
  it('a new code starts the count again', () => {
    const again = {
      ...issued,
      data: { ...issued.data, codeHash: 'h-654321', issuedAt: plus(60_000), expiresAt: plus(660_000) },
    };
    spec
      .given([issued, rejected(1), rejected(2), rejected(3), rejected(4), rejected(5), again])
      .when(check('h-654321', plus(61_000)))
      .then((events) => expect(events[0]?.type).toBe('EmailAddressVerified'));
  });
  it('refuses an expired code', () => {
    spec
      .given([issued])
      .when(check('h-123456', plus(600_000)))
      .thenThrows({ code: 'VERIFICATION_CODE_EXPIRED' });
  });
  it('refuses a check when no code was issued', () => {
    spec.given([]).when(check('h-123456')).thenThrows({ code: 'VERIFICATION_CODE_MISSING' });
  });
  it('accepts the same right code twice (a repeated request) without a second event', () => {
    const verifiedEvent: EmailVerificationEvent = {
      type: 'EmailAddressVerified',
      data: { email: 'ada@example.com', verifiedAt: t0 },
    };
    spec.given([issued, verifiedEvent]).when(check('h-123456')).thenNothingHappens();
  });
  describe('registration consumes a verified address once, within the hour', () => {
    const verifiedEvent: EmailVerificationEvent = {
      type: 'EmailAddressVerified',
      data: { email: 'ada@example.com', verifiedAt: t0 },
    };
    const consume = (at: string) => ({
      type: 'ConsumeVerification' as const,
      email: 'ada@example.com',
      userId: 'u1',
      at,
    });
    it('consumes it', () => {
      spec
        .given([issued, verifiedEvent])
        .when(consume(plus(5000)))
        .then([
          {
            type: 'EmailVerificationConsumed',
            data: { email: 'ada@example.com', userId: 'u1', at: plus(5000) },
          },
        ]);
    });
    it('refuses an unverified, stale or already used address', () => {
      spec
        .given([issued])
        .when(consume(plus(5000)))
        .thenThrows({ code: 'EMAIL_NOT_VERIFIED' });
      spec
        .given([issued, verifiedEvent])
        .when(consume(plus(3_600_000)))
        .thenThrows({ code: 'EMAIL_NOT_VERIFIED' });
      const consumed: EmailVerificationEvent = {
        type: 'EmailVerificationConsumed',
        data: { email: 'ada@example.com', userId: 'u1', at: t0 },
      };
      spec
        .given([issued, verifiedEvent, consumed])
        .when(consume(plus(5000)))
        .thenThrows({ code: 'EMAIL_NOT_VERIFIED' });
    });
  });
  describe('what a recorded wrong code answers', () => {
    const rejection = (attemptsLeft: number): VerificationCodeRejected => ({
      type: 'VerificationCodeRejected',
      data: { email: 'ada@example.com', attempt: 5 - attemptsLeft, attemptsLeft, at: t0 },
    });
    it('the same words for every wrong code, with the tries left', () => {
      expect(rejectedCodeRefusal(rejection(3))).toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
        message: 'The verification code is incorrect. Please check it and try again.',
        details: { attemptsLeft: 3 },
      });
    });
    it('too many attempts once no try is left', () => {
      expect(rejectedCodeRefusal(rejection(0))).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Too many incorrect codes. Please request a new verification code.',
      });
    });
  });
  describe('a deletion is confirmed only by a code still waiting', () => {
    const checkPending = (codeHash: string) => ({ ...check(codeHash), type: 'CheckPendingCode' as const });
    const verifiedEvent: EmailVerificationEvent = {
      type: 'EmailAddressVerified',
      data: { email: 'ada@example.com', verifiedAt: t0 },
    };
    it('takes the right waiting code, and counts a wrong one', () => {
      spec
        .given([issued])
        .when(checkPending('h-123456'))
        .then([{ type: 'EmailAddressVerified', data: { email: 'ada@example.com', verifiedAt: plus(1000) } }]);
      spec
        .given([issued])
        .when(checkPending('h-000000'))
        .then((events) => expect(events[0]?.type).toBe('VerificationCodeRejected'));
    });
    it('refuses the code that verified the address at sign-up, and asks for a new one', () => {
      spec
        .given([issued, verifiedEvent])
        .when(checkPending('h-123456'))
        .thenThrows(
          (error) =>
            error instanceof DomainError &&
            error.code === 'VERIFICATION_CODE_MISSING' &&
            error.message === 'Please ask for a new code first.',
        );
    });
    it('keeps the tries and the expiry of any code', () => {
      spec
        .given([issued, rejected(1), rejected(2), rejected(3), rejected(4), rejected(5)])
        .when(checkPending('h-123456'))
        .thenThrows({ code: 'TOO_MANY_ATTEMPTS' });
    });
  });
});
