import type { UserEvent } from '../events';
import {
  graceUntil,
  isEnded,
  isStaleSnapshot,
  type SubscriptionSnapshot,
  type SubscriptionState,
} from '../subscription';
import type { UserAccountCommandOf } from './commands';
import type { LiveAccount } from './state';

// The payment provider's signed notifications (webhooks). Each carries the provider's event id, so a redelivery
// changes nothing.

/** What the provider said of a subscription, without what this account derived from it (the grace). */
const snapshotOf = ({ graceUntil: _grace, ...snapshot }: SubscriptionState): SubscriptionSnapshot => snapshot;

const subscriptionChanged = (
  userId: string,
  providerEventId: string,
  subscription: SubscriptionSnapshot,
  at: string,
): UserEvent => ({
  type: 'UserSubscriptionChanged',
  data: { userId, providerEventId, subscription, changedAt: at },
});

export const syncSubscription = (
  command: UserAccountCommandOf<'SyncSubscription'>,
  account: LiveAccount,
): UserEvent[] => {
  if (account.billingEventIds.includes(command.providerEventId)) return [];
  if (isStaleSnapshot(account.subscription, command.snapshot)) return [];
  return [subscriptionChanged(account.userId, command.providerEventId, command.snapshot, command.at)];
};

export const recordSubscriptionPaid = (
  command: UserAccountCommandOf<'RecordSubscriptionPaid'>,
  account: LiveAccount,
): UserEvent[] => {
  if (account.billingEventIds.includes(command.providerEventId)) return [];
  const known = account.subscription;
  const same = known !== null && known.subscriptionId === command.subscriptionId;
  const snapshot: SubscriptionSnapshot = same
    ? {
        ...snapshotOf(known),
        status: 'active',
        currentPeriodStart: command.periodStart,
        currentPeriodEnd: command.periodEnd,
        provisional: false,
        asOf: command.asOf,
      }
    : {
        subscriptionId: command.subscriptionId,
        customerId: command.customerId,
        plan: command.plan,
        billingPeriod: command.billingPeriod,
        status: 'active',
        currentPeriodStart: command.periodStart,
        currentPeriodEnd: command.periodEnd,
        cancelAtPeriodEnd: false,
        createdAt: command.periodStart,
        provisional: false,
        asOf: command.asOf,
      };
  // An invoice of an earlier period (delivered late) says nothing about the current one.
  if (
    same &&
    known.provisional === false &&
    Date.parse(command.periodEnd) < Date.parse(known.currentPeriodEnd)
  )
    return [];
  if (isStaleSnapshot(account.subscription, snapshot)) return [];
  return [subscriptionChanged(account.userId, command.providerEventId, snapshot, command.at)];
};

export const recordSubscriptionPaymentFailed = (
  command: UserAccountCommandOf<'RecordSubscriptionPaymentFailed'>,
  account: LiveAccount,
): UserEvent[] => {
  if (account.billingEventIds.includes(command.providerEventId)) return [];
  const known = account.subscription;
  // A failure of a subscription we do not hold, or of one already over, changes nothing; one grace (and one
  // email) per run of failures, until a payment goes through.
  if (!known || known.subscriptionId !== command.subscriptionId || isEnded(known.status)) return [];
  if (known.graceUntil !== null) return [];
  return [
    {
      type: 'UserSubscriptionPaymentFailed',
      data: {
        userId: account.userId,
        providerEventId: command.providerEventId,
        subscriptionId: command.subscriptionId,
        graceUntil: graceUntil(command.failedAt),
        failedAt: command.failedAt,
      },
    },
  ];
};
