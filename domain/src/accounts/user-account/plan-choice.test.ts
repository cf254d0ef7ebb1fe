import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../kernel/decider';
import { DomainError } from '../../kernel/errors';
import type { UserEvent } from '../events';
import type { PaymentsHere, SubscriptionSnapshot } from '../subscription';
import { userAccountDecider } from './decider';
import { at, registeredWith, spec, verified } from './decider.fixtures';
import { billingPortalCustomer } from './plan-choice';

const premium = registeredWith({ plan: 'premium' });
const subscription: SubscriptionSnapshot = {
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  plan: 'premium',
  billingPeriod: 'monthly',
  status: 'active',
  currentPeriodStart: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  provisional: false,
  asOf: '2026-01-01T00:00:01.000Z',
};
const subscribed = (status: SubscriptionSnapshot['status']): UserEvent => ({
  type: 'UserSubscriptionChanged',
  data: {
    userId: 'u1',
    providerEventId: `evt_${status}`,
    subscription: { ...subscription, status },
    changedAt: at,
  },
});
const configured: PaymentsHere = { configured: true, supportEmail: null };
const none: PaymentsHere = { configured: false, supportEmail: null };
const choose = (plan: 'free' | 'premium', payments = configured) => ({
  type: 'ChoosePlan' as const,
  plan,
  payments,
  at,
});
const refused = (code: string, message?: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (message === undefined || error.message === message);

describe('choosing a plan on the plan page', () => {
  it('applies Free at once', () => {
    spec
      .given([premium, verified])
      .when(choose('free', none))
      .then([
        { type: 'UserPlanChanged', data: { userId: 'u1', from: 'premium', to: 'free', changedAt: at } },
      ]);
  });
  it('records nothing for a paid plan: it changes when the provider confirms the payment', () => {
    spec.given([premium, verified]).when(choose('premium')).thenNothingHappens();
  });
  it('refuses a paid plan plainly where nothing can be bought, saying whom to ask', () => {
    spec
      .given([premium, verified])
      .when(choose('premium', none))
      .thenThrows(
        refused(
          'PAYMENTS_NOT_CONFIGURED',
          'Paid plans cannot be bought on this server: they are granted by its administrator. Please ask the administrator of this Scrivo server for one.',
        ),
      );
    spec
      .given([premium, verified])
      .when(choose('premium', { configured: false, supportEmail: 'billing@scrivo.test' }))
      .thenThrows((error) => error instanceof DomainError && error.message.includes('billing@scrivo.test'));
  });
  it('refuses a second checkout, or Free, while a subscription bills: it is managed at the provider', () => {
    for (const plan of ['free', 'premium'] as const)
      spec
        .given([premium, verified, subscribed('active')])
        .when(choose(plan))
        .thenThrows(refused('SUBSCRIPTION_EXISTS'));
  });
  it('lets the account choose again once its subscription ended, or while its first payment is pending', () => {
    spec
      .given([premium, verified, subscribed('canceled')])
      .when(choose('premium'))
      .thenNothingHappens();
    spec
      .given([premium, verified, subscribed('incomplete')])
      .when(choose('premium'))
      .thenNothingHappens();
  });
});

describe("the payment provider's billing page", () => {
  const account = (events: UserEvent[]) => foldEvents(userAccountDecider, events);
  it("opens for the account's customer", () => {
    expect(billingPortalCustomer(account([premium, verified, subscribed('active')]), configured)).toBe(
      'cus_1',
    );
  });
  it('is refused to an account that never subscribed', () => {
    expect(() => billingPortalCustomer(account([premium, verified]), configured)).toThrow(
      expect.objectContaining({ code: 'NO_SUBSCRIPTION' }),
    );
  });
  it('is refused first of all where nothing can be bought', () => {
    expect(() => billingPortalCustomer(account([premium, verified, subscribed('active')]), none)).toThrow(
      expect.objectContaining({ code: 'PAYMENTS_NOT_CONFIGURED' }),
    );
  });
});
