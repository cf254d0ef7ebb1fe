import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../kernel/decider';
import type { UserEvent } from '../events';
import { userAccountDecider } from './decider';
import { spec, at, registered, verified } from './decider.fixtures';
import { erasureCodeRecipient } from './erasure';

describe('the code that confirms a deletion', () => {
  it('goes to the account’s own address, in its language', () => {
    expect(erasureCodeRecipient(foldEvents(userAccountDecider, [registered, verified]))).toEqual({
      email: 'ada@example.com',
      language: 'en',
    });
  });
  it('goes nowhere for an account that does not exist', () => {
    expect(() => erasureCodeRecipient(foldEvents(userAccountDecider, []))).toThrow(
      expect.objectContaining({ code: 'USER_NOT_FOUND', message: 'This account does not exist.' }),
    );
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
    spec.given([registered, verified, requested]).when({ type: 'CompleteAccountErasure', at }).then([erased]);
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
