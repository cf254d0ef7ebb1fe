import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import type { UserEvent } from '../events';
import { userAccountDecider } from './decider';

const spec = DeciderSpecification.for(userAccountDecider);
const at = '2026-01-01T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ada@example.com',
    passwordHash: 'hash-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    industry: 'Student',
    hearAboutUs: 'Other: a friend',
    language: 'en',
    plan: 'free',
    registeredAt: at,
  },
};
const verified: UserEvent = {
  type: 'UserEmailVerified',
  data: { userId: 'u1', email: 'ada@example.com', method: 'code', verifiedAt: at },
};
const register = {
  type: 'RegisterUser' as const,
  userId: 'u1',
  email: '  Ada@Example.COM ',
  passwordHash: 'hash-1',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  industry: 'Student',
  hearAboutUs: 'Other: a friend',
  language: 'en' as const,
  verifiedBy: 'code' as const,
  at,
};

describe('user account decider', () => {
  describe('registration', () => {
    it('registers with the normalised email and trimmed names, verified by the consumed code', () => {
      spec.given([]).when(register).then([registered, verified]);
    });
    it('records the sign-up that starts a session as the first sign-in, so the account is never "never signed in"', () => {
      spec
        .given([])
        .when({ ...register, signsIn: true })
        .then([
          registered,
          verified,
          { type: 'UserSignedIn', data: { userId: 'u1', method: 'sign_up', at } },
        ]);
    });
    it('records no sign-in for an unverified sign-up, which gets no session', () => {
      spec
        .given([])
        .when({ ...register, verifiedBy: null, signsIn: true })
        .then([registered]);
    });
    it('registers an unverified account when no proof of the address came with it', () => {
      spec
        .given([])
        .when({ ...register, verifiedBy: null })
        .then([registered]);
    });
    it('links the Google identity of an account created through Google', () => {
      spec
        .given([])
        .when({ ...register, passwordHash: null, verifiedBy: 'google', googleSubject: 'g-1' })
        .then((events) =>
          expect(events.map((e) => e.type)).toEqual([
            'UserRegistered',
            'UserEmailVerified',
            'GoogleIdentityLinked',
          ]),
        );
    });
    it('refuses a second registration of the same account', () => {
      spec.given([registered]).when(register).thenThrows({ code: 'EMAIL_TAKEN' });
    });
  });

  describe('password sign-in', () => {
    it('signs a verified user in when the password matched', () => {
      spec
        .given([registered, verified])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .then([{ type: 'UserSignedIn', data: { userId: 'u1', method: 'password', at } }]);
    });
    it('records a wrong password as a failed sign-in', () => {
      spec
        .given([registered, verified])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: false, at })
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'wrong_password', at } }]);
    });
    it('does not sign in an unverified user even with the right password', () => {
      spec
        .given([registered])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'email_not_verified', at } }]);
    });
    it('refuses password sign-in for an account that has no password', () => {
      const google = { ...registered, data: { ...registered.data, passwordHash: null } } as UserEvent;
      spec
        .given([google, verified])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'no_password', at } }]);
    });
    it('refuses anything but registration for an account that does not exist', () => {
      spec
        .given([])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .thenThrows({ code: 'USER_NOT_FOUND' });
    });
  });

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
        .then((events) =>
          expect(events.map((e) => e.type)).toEqual(['PasswordChanged', 'UserEmailVerified']),
        );
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

  describe('Google sign-in', () => {
    it('links Google to an existing account on first use and signs in', () => {
      spec
        .given([registered, verified])
        .when({ type: 'SignInWithGoogle', googleSubject: 'g-1', at })
        .then([
          { type: 'GoogleIdentityLinked', data: { userId: 'u1', googleSubject: 'g-1', linkedAt: at } },
          { type: 'UserSignedIn', data: { userId: 'u1', method: 'google', at } },
        ]);
    });
    it('drops the password of an account registered without proving the address (pre-hijacking)', () => {
      spec
        .given([registered])
        .when({ type: 'SignInWithGoogle', googleSubject: 'g-1', at })
        .then([
          { type: 'GoogleIdentityLinked', data: { userId: 'u1', googleSubject: 'g-1', linkedAt: at } },
          {
            type: 'UnverifiedPasswordRemoved',
            data: { userId: 'u1', reason: 'email_verified_by_google', removedAt: at },
          },
          {
            type: 'UserEmailVerified',
            data: { userId: 'u1', email: 'ada@example.com', method: 'google', verifiedAt: at },
          },
          { type: 'UserSignedIn', data: { userId: 'u1', method: 'google', at } },
        ]);
    });
    it('keeps the password of an account whose address was already proven', () => {
      spec
        .given([registered, verified])
        .when({ type: 'SignInWithGoogle', googleSubject: 'g-1', at })
        .then([
          { type: 'GoogleIdentityLinked', data: { userId: 'u1', googleSubject: 'g-1', linkedAt: at } },
          { type: 'UserSignedIn', data: { userId: 'u1', method: 'google', at } },
        ]);
    });
    it('refuses a different Google identity for an already linked account', () => {
      const linked: UserEvent = {
        type: 'GoogleIdentityLinked',
        data: { userId: 'u1', googleSubject: 'g-1', linkedAt: at },
      };
      spec
        .given([registered, verified, linked])
        .when({ type: 'SignInWithGoogle', googleSubject: 'g-2', at })
        .thenThrows({ code: 'GOOGLE_ACCOUNT_MISMATCH' });
    });
  });

  describe('profile and plan', () => {
    it('records only what changed', () => {
      spec
        .given([registered, verified])
        .when({ type: 'UpdateProfile', firstName: ' Augusta ', language: 'en', at })
        .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', firstName: 'Augusta', updatedAt: at } }]);
    });
    it('changes the plan, and does nothing when it is the same plan', () => {
      spec
        .given([registered, verified])
        .when({ type: 'ChangePlan', plan: 'premium', at })
        .then([
          { type: 'UserPlanChanged', data: { userId: 'u1', from: 'free', to: 'premium', changedAt: at } },
        ]);
      spec.given([registered, verified]).when({ type: 'ChangePlan', plan: 'free', at }).thenNothingHappens();
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

  describe('deleting the account', () => {
    const requested: UserEvent = {
      type: 'AccountErasureRequested',
      data: { userId: 'u1', by: { kind: 'user', id: 'u1' }, requestedAt: at },
    };
    it('records the request when the password matched', () => {
      spec
        .given([registered, verified])
        .when({ type: 'RequestAccountErasure', confirmedBy: 'password', confirmed: true, at })
        .then([requested]);
    });
    it('refuses a wrong password', () => {
      spec
        .given([registered, verified])
        .when({ type: 'RequestAccountErasure', confirmedBy: 'password', confirmed: false, at })
        .thenThrows({ code: 'WRONG_CURRENT_PASSWORD' });
    });
    it('records the request confirmed by an emailed code, also for an account without a password', () => {
      const googleOnly: UserEvent = {
        ...registered,
        data: { ...(registered.data as object), passwordHash: null },
      } as UserEvent;
      spec
        .given([googleOnly, verified])
        .when({ type: 'RequestAccountErasure', confirmedBy: 'code', confirmed: true, at })
        .then([requested]);
      spec
        .given([googleOnly, verified])
        .when({ type: 'RequestAccountErasure', confirmedBy: 'password', confirmed: false, at })
        .thenThrows({ code: 'NO_PASSWORD' });
      spec
        .given([googleOnly, verified])
        .when({ type: 'RequestAccountErasure', confirmedBy: 'code', confirmed: false, at })
        .thenThrows({ code: 'INVALID_VERIFICATION_CODE' });
    });
    it('answers every command after the request as for an account that does not exist', () => {
      spec
        .given([registered, verified, requested])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .thenThrows({ code: 'USER_NOT_FOUND' });
      spec
        .given([registered, verified, requested])
        .when({ type: 'RequestAccountErasure', confirmedBy: 'password', confirmed: true, at })
        .thenThrows({ code: 'USER_NOT_FOUND' });
    });
    it('completes once: a repeated completion (a reactor replayed after a crash) changes nothing', () => {
      const erased: UserEvent = { type: 'AccountErased', data: { userId: 'u1', erasedAt: at } };
      spec
        .given([registered, verified, requested])
        .when({ type: 'CompleteAccountErasure', at })
        .then([erased]);
      spec
        .given([registered, verified, requested, erased])
        .when({ type: 'CompleteAccountErasure', at })
        .thenNothingHappens();
      spec
        .given([registered, verified])
        .when({ type: 'CompleteAccountErasure', at })
        .thenThrows({ code: 'USER_NOT_FOUND' });
    });
  });
});
