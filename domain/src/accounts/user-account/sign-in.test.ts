import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../events';
import { spec, at, registered, verified } from './decider.fixtures';
import { passwordSignInRefusal, requireAddressVerifiedByGoogle } from './sign-in';

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

describe('what a failed password sign-in answers', () => {
  const invalid = { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };
  it('an unknown address answers as a wrong password does', () => {
    expect(passwordSignInRefusal('no_account')).toMatchObject(invalid);
    expect(passwordSignInRefusal('wrong_password')).toMatchObject(invalid);
  });
  it('an account without a password is sent to Google or a reset', () => {
    expect(passwordSignInRefusal('no_password')).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'This account signs in with Google. Use the Google button, or reset your password to set one.',
    });
  });
  it('a suspended account, or one whose address is not proven, is told so (the password matched)', () => {
    expect(passwordSignInRefusal('suspended')).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(passwordSignInRefusal('email_not_verified')).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address. We sent a new verification code to your email.',
    });
  });
});

describe('an address Google did not verify', () => {
  it('signs no one in', () => {
    expect(() => requireAddressVerifiedByGoogle(false)).toThrow(
      expect.objectContaining({ code: 'GOOGLE_EMAIL_NOT_VERIFIED' }),
    );
    expect(() => requireAddressVerifiedByGoogle(true)).not.toThrow();
  });
});
