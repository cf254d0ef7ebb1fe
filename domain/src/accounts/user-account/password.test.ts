import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../kernel/decider';
import type { UserEvent } from '../events';
import { userAccountDecider } from './decider';
import { spec, at, registered, verified } from './decider.fixtures';
import { usableResetLink } from './password';

describe('password reset', () => {
  const requested: UserEvent = {
    type: 'PasswordResetRequested',
    data: { userId: 'u1', tokenHash: 't1', expiresAt: '2026-01-01T11:00:00.000Z', requestedAt: at },
  };
  const reset = {
    type: 'ResetPassword' as const,
    tokenHash: 't1',
    newPasswordHash: 'hash-2',
    at: '2026-01-01T10:30:00.000Z',
  };

  it('changes the password with the outstanding token', () => {
    spec
      .given([registered, verified, requested])
      .when(reset)
      .then([
        {
          type: 'PasswordChanged',
          data: {
            userId: 'u1',
            passwordHash: 'hash-2',
            via: 'reset',
            tokenHash: 't1',
            changedAt: reset.at,
          },
        },
      ]);
  });
  it('also verifies the address of an unverified account, since the link reached the mailbox', () => {
    spec
      .given([registered, requested])
      .when(reset)
      .then((events) => expect(events.map((e) => e.type)).toEqual(['PasswordChanged', 'UserEmailVerified']));
  });
  it('refuses a token used once already', () => {
    const changed: UserEvent = {
      type: 'PasswordChanged',
      data: { userId: 'u1', passwordHash: 'hash-2', via: 'reset', tokenHash: 't1', changedAt: reset.at },
    };
    spec
      .given([registered, verified, requested, changed])
      .when(reset)
      .thenThrows((e) => (e as Error).message === 'This reset link has already been used');
  });
  it('refuses an expired token', () => {
    spec
      .given([registered, verified, requested])
      .when({ ...reset, at: '2026-01-01T11:00:00.000Z' })
      .thenThrows((e) => (e as Error).message === 'This reset link has expired');
  });
  it('refuses an older token once a newer one was requested', () => {
    const newer: UserEvent = { ...requested, data: { ...requested.data, tokenHash: 't2' } } as UserEvent;
    spec
      .given([registered, verified, requested, newer])
      .when(reset)
      .thenThrows({ code: 'INVALID_RESET_TOKEN' });
  });
});

describe('a reset link, checked before the new password is hashed', () => {
  const requested: UserEvent = {
    type: 'PasswordResetRequested',
    data: { userId: 'u1', tokenHash: 't1', expiresAt: '2026-01-01T11:00:00.000Z', requestedAt: at },
  };
  const account = foldEvents(userAccountDecider, [registered, verified, requested]);
  const refusal = (message: string) => expect.objectContaining({ code: 'INVALID_RESET_TOKEN', message });

  it('is handed back while its token is the outstanding one', () => {
    const link = { account, hash: 't1', userId: 'u1' };
    expect(usableResetLink(link, at)).toBe(link);
  });
  it('refuses a link this server never made as it refuses an unknown one', () => {
    expect(() => usableResetLink(null, at)).toThrow(refusal('This reset link is invalid or has expired'));
    expect(() => usableResetLink({ account, hash: 't9' }, at)).toThrow(
      refusal('This reset link is invalid or has expired'),
    );
  });
  it('refuses an expired link', () => {
    expect(() => usableResetLink({ account, hash: 't1' }, '2026-01-01T11:00:00.000Z')).toThrow(
      refusal('This reset link has expired'),
    );
  });
});

describe('changing the password on the account page', () => {
  const change = { type: 'ChangePassword' as const, newPasswordHash: 'hash-2', at };
  it('sets the new hash when the current password matched, spending no reset token', () => {
    spec
      .given([registered, verified])
      .when({ ...change, currentPasswordMatched: true })
      .then([
        {
          type: 'PasswordChanged',
          data: { userId: 'u1', passwordHash: 'hash-2', via: 'change', tokenHash: null, changedAt: at },
        },
      ]);
  });
  it('refuses a wrong current password', () => {
    spec
      .given([registered, verified])
      .when({ ...change, currentPasswordMatched: false })
      .thenThrows({ code: 'WRONG_CURRENT_PASSWORD' });
  });
  it('refuses an account without a password (Google only): it sets one by email', () => {
    spec
      .given([{ ...registered, data: { ...registered.data, passwordHash: null } }, verified])
      .when({ ...change, currentPasswordMatched: false })
      .thenThrows({ code: 'NO_PASSWORD' });
  });
});
