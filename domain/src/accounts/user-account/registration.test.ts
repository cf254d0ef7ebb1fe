import { describe, expect, it } from 'vitest';
import { spec, at, registered, verified, register } from './decider.fixtures';

describe('registration', () => {
  it('registers with the normalised email and trimmed names, verified by the consumed code', () => {
    spec.given([]).when(register).then([registered, verified]);
  });
  it('records the sign-up that starts a session as the first sign-in, so the account is never "never signed in"', () => {
    spec
      .given([])
      .when({ ...register, signsIn: true })
      .then([registered, verified, { type: 'UserSignedIn', data: { userId: 'u1', method: 'sign_up', at } }]);
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
