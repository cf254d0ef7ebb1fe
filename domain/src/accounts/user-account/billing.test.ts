import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import type { UserEvent } from '../events';
import { planInEffect } from '../plan-term';
import type { SubscriptionSnapshot } from '../subscription';
import { userAccountDecider } from './decider';
import { registered } from './decider.fixtures';

const spec = DeciderSpecification.for(userAccountDecider);
const at = '2026-01-10T10:00:00.000Z';
const week1: SubscriptionSnapshot = {
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  plan: 'premium',
  billingPeriod: 'weekly',
  status: 'active',
  currentPeriodStart: '2026-01-10T10:00:00.000Z',
  currentPeriodEnd: '2026-01-17T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  provisional: false,
  asOf: '2026-01-10T10:00:01.000Z',
};
const week2: SubscriptionSnapshot = {
  ...week1,
  currentPeriodStart: '2026-01-17T10:00:00.000Z',
  currentPeriodEnd: '2026-01-24T10:00:00.000Z',
  asOf: '2026-01-17T10:00:01.000Z',
};
const sync = (providerEventId: string, snapshot: SubscriptionSnapshot) => ({
  type: 'SyncSubscription' as const,
  providerEventId,
  snapshot,
  at,
});
const changed = (providerEventId: string, subscription: SubscriptionSnapshot): UserEvent => ({
  type: 'UserSubscriptionChanged',
  data: { userId: 'u1', providerEventId, subscription, changedAt: at },
});
const fold = (events: UserEvent[]) =>
  events.reduce(userAccountDecider.evolve, userAccountDecider.initialState());

describe("the payment provider's notifications on a user account", () => {
  it('activates the plan a signed notification reports, through its period and a day of renewal leeway', () => {
    spec
      .given([registered])
      .when(sync('evt_1', week1))
      .then([changed('evt_1', week1)]);
    const state = fold([registered, changed('evt_1', week1)]);
    expect(planInEffect(state, '2026-01-17T09:59:59.000Z')).toBe('premium');
    expect(planInEffect(state, '2026-01-18T09:59:59.000Z')).toBe('premium');
    expect(planInEffect(state, '2026-01-18T10:00:00.000Z')).toBe('free');
  });

  it('changes nothing when the same notification is delivered again (its event id was applied)', () => {
    spec
      .given([registered, changed('evt_1', week1)])
      .when(sync('evt_1', week1))
      .then([]);
  });

  it('ignores an older snapshot that arrives after a newer one (out of order)', () => {
    spec
      .given([registered, changed('evt_2', week2)])
      .when(sync('evt_1', week1))
      .then([]);
  });

  it('never brings back a subscription that has ended, whatever arrives late', () => {
    const deleted: SubscriptionSnapshot = { ...week1, status: 'canceled', asOf: '2026-01-12T00:00:00.000Z' };
    spec
      .given([registered, changed('evt_9', deleted)])
      .when(sync('evt_3', week2))
      .then([]);
    expect(planInEffect(fold([registered, changed('evt_1', week1), changed('evt_9', deleted)]), at)).toBe(
      'free',
    );
  });

  it("lets the provider's own snapshot replace the provisional one from the checkout", () => {
    const provisional = { ...week1, provisional: true, currentPeriodEnd: '2026-01-17T10:00:05.000Z' };
    spec
      .given([registered, changed('evt_c', provisional)])
      .when(sync('evt_1', week1))
      .then([changed('evt_1', week1)]);
    spec
      .given([registered, changed('evt_1', week1)])
      .when(sync('evt_c', provisional))
      .then([]);
  });

  it('runs a cancelled plan to the end of the paid period exactly, then Free', () => {
    const cancelling = { ...week1, cancelAtPeriodEnd: true, asOf: '2026-01-12T00:00:00.000Z' };
    spec
      .given([registered, changed('evt_1', week1)])
      .when(sync('evt_2', cancelling))
      .then([changed('evt_2', cancelling)]);
    const state = fold([registered, changed('evt_1', week1), changed('evt_2', cancelling)]);
    expect(planInEffect(state, '2026-01-17T09:59:59.000Z')).toBe('premium');
    expect(planInEffect(state, '2026-01-17T10:00:00.000Z')).toBe('free');
  });

  describe('a failed renewal', () => {
    const failed = {
      type: 'RecordSubscriptionPaymentFailed' as const,
      providerEventId: 'evt_f',
      subscriptionId: 'sub_1',
      failedAt: '2026-01-17T10:00:00.000Z',
      at,
    };
    const graceGiven: UserEvent = {
      type: 'UserSubscriptionPaymentFailed',
      data: {
        userId: 'u1',
        providerEventId: 'evt_f',
        subscriptionId: 'sub_1',
        graceUntil: '2026-01-24T10:00:00.000Z',
        failedAt: '2026-01-17T10:00:00.000Z',
      },
    };

    it('gives seven days of grace, then the account is Free', () => {
      spec
        .given([registered, changed('evt_1', week1)])
        .when(failed)
        .then([graceGiven]);
      const state = fold([registered, changed('evt_1', week1), graceGiven]);
      expect(planInEffect(state, '2026-01-24T09:59:59.000Z')).toBe('premium');
      expect(planInEffect(state, '2026-01-24T10:00:00.000Z')).toBe('free');
    });

    it('gives one grace per run of failures (one email), and none for a replay', () => {
      spec
        .given([registered, changed('evt_1', week1), graceGiven])
        .when({ ...failed, providerEventId: 'evt_f2' })
        .then([]);
      spec
        .given([registered, changed('evt_1', week1), graceGiven])
        .when(failed)
        .then([]);
    });

    it('ends the grace when the invoice is paid after all', () => {
      const paid = {
        type: 'RecordSubscriptionPaid' as const,
        providerEventId: 'evt_p',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        plan: 'premium' as const,
        billingPeriod: 'weekly' as const,
        periodStart: week2.currentPeriodStart,
        periodEnd: week2.currentPeriodEnd,
        asOf: '2026-01-19T00:00:00.000Z',
        at,
      };
      const expected = { ...week2, asOf: '2026-01-19T00:00:00.000Z' };
      spec
        .given([registered, changed('evt_1', week1), graceGiven])
        .when(paid)
        .then([changed('evt_p', expected)]);
      const state = fold([registered, changed('evt_1', week1), graceGiven, changed('evt_p', expected)]);
      expect(state.subscription?.graceUntil).toBeNull();
      expect(planInEffect(state, '2026-01-24T10:00:00.000Z')).toBe('premium');
    });
  });
});
