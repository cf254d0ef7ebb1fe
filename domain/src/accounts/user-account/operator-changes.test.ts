import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import type { ChangedBy, UserEvent } from '../events';
import { lastingPlan, planInEffect } from '../plan-term';
import { userAccountDecider } from './decider';
import { registered, registeredWith, verified } from './decider.fixtures';

const spec = DeciderSpecification.for(userAccountDecider);
const at = '2026-01-10T10:00:00.000Z';
const by: ChangedBy = { kind: 'admin', adminId: 'a1', label: 'root@example.com' };
const setPlan = (plan: 'free' | 'premium' | 'business_pro', until: string | null, reason = 'Team pilot') => ({
  type: 'SetPlanByAdmin' as const,
  plan,
  until,
  by,
  reason,
  at,
});
const planSet = (
  from: 'free' | 'premium' | 'business_pro',
  to: 'free' | 'premium' | 'business_pro',
  until: string | null,
  thenPlan: 'free' | 'premium' | 'business_pro' | null,
): UserEvent => ({
  type: 'UserPlanSetByAdmin',
  data: { userId: 'u1', from, to, until, thenPlan, by, reason: 'Team pilot', changedAt: at },
});
const foldUser = (events: UserEvent[]) =>
  events.reduce(userAccountDecider.evolve, userAccountDecider.initialState());
const suspended: UserEvent = {
  type: 'UserSuspended',
  data: { userId: 'u1', by, reason: 'Abuse report', suspendedAt: at },
};

describe("an operator's changes to a user account", () => {
  describe('setting the plan', () => {
    it('sets a plan for good, recording who and why', () => {
      spec
        .given([registered, verified])
        .when(setPlan('business_pro', null, '  Team pilot  '))
        .then([planSet('free', 'business_pro', null, null)]);
    });
    it('sets a plan until a date, then the lasting plan comes back by itself', () => {
      const until = '2026-02-01T00:00:00.000Z';
      spec
        .given([registered, verified, planSet('free', 'premium', null, null)])
        .when(setPlan('business_pro', until))
        .then([planSet('premium', 'business_pro', until, 'premium')]);
      const state = foldUser([
        registered,
        planSet('free', 'premium', null, null),
        planSet('premium', 'business_pro', until, 'premium'),
      ]);
      expect(planInEffect(state, '2026-01-31T23:59:59.000Z')).toBe('business_pro');
      expect(planInEffect(state, until)).toBe('premium');
    });
    it('falls back to the lasting plan, not to an earlier temporary one', () => {
      const first = planSet('free', 'premium', '2026-03-01T00:00:00.000Z', 'free');
      spec
        .given([registered, verified, first])
        .when(setPlan('business_pro', '2026-02-01T00:00:00.000Z'))
        .then([planSet('premium', 'business_pro', '2026-02-01T00:00:00.000Z', 'free')]);
    });
    it('refuses an end date that is not in the future', () => {
      spec
        .given([registered, verified])
        .when(setPlan('premium', at))
        .thenThrows({ code: 'INVALID_PLAN_UNTIL' });
    });
    it('refuses a change without a reason', () => {
      spec
        .given([registered, verified])
        .when(setPlan('premium', null, '   '))
        .thenThrows({ code: 'REASON_REQUIRED' });
    });
    it('does nothing when the same plan is set for good again', () => {
      spec
        .given([registered, verified, planSet('free', 'premium', null, null)])
        .when(setPlan('premium', null))
        .thenNothingHappens();
    });
    it("the user's own plan choice ends a temporary plan", () => {
      spec
        .given([registered, verified, planSet('free', 'premium', '2026-03-01T00:00:00.000Z', 'free')])
        .when({ type: 'ChangePlan', plan: 'free', at })
        .then([
          { type: 'UserPlanChanged', data: { userId: 'u1', from: 'premium', to: 'free', changedAt: at } },
        ]);
    });
  });

  describe('granting minutes', () => {
    it('grants whole minutes for the given period', () => {
      spec
        .given([registered, verified])
        .when({
          type: 'GrantMinutes',
          grantId: 'g1',
          minutes: 30,
          period: '2026-01',
          by,
          reason: 'Refund',
          at,
        })
        .then([
          {
            type: 'UserMinutesGranted',
            data: {
              userId: 'u1',
              grantId: 'g1',
              period: '2026-01',
              minutes: 30,
              by,
              reason: 'Refund',
              grantedAt: at,
            },
          },
        ]);
    });
    it('refuses zero, fractions and absurd amounts', () => {
      for (const minutes of [0, -5, 1.5, 100_001])
        spec
          .given([registered, verified])
          .when({ type: 'GrantMinutes', grantId: 'g1', minutes, period: '2026-01', by, reason: 'x', at })
          .thenThrows({ code: 'INVALID_MINUTES' });
    });
  });

  describe('suspending and reactivating', () => {
    it('suspends once, with who and why', () => {
      spec
        .given([registered, verified])
        .when({ type: 'SuspendUser', by, reason: 'Abuse report', at })
        .then([suspended]);
      spec
        .given([registered, verified, suspended])
        .when({ type: 'SuspendUser', by, reason: 'Again', at })
        .thenNothingHappens();
    });
    it('refuses password sign-in of a suspended user, even with the right password', () => {
      spec
        .given([registered, verified, suspended])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'suspended', at } }]);
    });
    it('tells a wrong password apart from nothing for a suspended user (no hint the account exists)', () => {
      spec
        .given([registered, verified, suspended])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: false, at })
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'wrong_password', at } }]);
    });
    it('refuses Google sign-in of a suspended user', () => {
      spec
        .given([registered, verified, suspended])
        .when({ type: 'SignInWithGoogle', googleSubject: 'g-1', at })
        .thenThrows({ code: 'ACCOUNT_SUSPENDED' });
    });
    it('reactivates a suspended user, who can sign in again', () => {
      const reactivated: UserEvent = {
        type: 'UserReactivated',
        data: { userId: 'u1', by, reason: 'Resolved', reactivatedAt: at },
      };
      spec
        .given([registered, verified, suspended])
        .when({ type: 'ReactivateUser', by, reason: 'Resolved', at })
        .then([reactivated]);
      spec
        .given([registered, verified, suspended, reactivated])
        .when({ type: 'RecordPasswordSignIn', passwordMatched: true, at })
        .then([{ type: 'UserSignedIn', data: { userId: 'u1', method: 'password', at } }]);
    });
  });

  describe('new accounts', () => {
    it('start on the plan the server gives new accounts', () => {
      spec
        .given([])
        .when({
          type: 'RegisterUser',
          userId: 'u1',
          email: 'ada@example.com',
          passwordHash: 'hash-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          industry: null,
          hearAboutUs: null,
          language: 'en',
          verifiedBy: null,
          plan: 'business_pro',
          at,
        })
        .then([
          registeredWith({ industry: null, hearAboutUs: null, plan: 'business_pro', registeredAt: at }),
        ]);
    });
  });
});

describe('plan terms', () => {
  it('a plan without an end lasts', () => {
    const term = { plan: 'premium' as const, planUntil: null, planAfter: null };
    expect(planInEffect(term, '2099-01-01T00:00:00.000Z')).toBe('premium');
    expect(lastingPlan(term)).toBe('premium');
  });
});
