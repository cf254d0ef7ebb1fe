import { DomainError } from '../../kernel/errors';
import type { UserEvent } from '../events';
import { isEnded, type PaymentsHere, type SubscriptionState } from '../subscription';
import type { UserAccountCommandOf } from './commands';
import { changePlan } from './profile';
import type { LiveAccount, UserAccountState } from './state';

// The plan page: choosing a plan, and the way to the payment provider's own page for a subscription.

/** Nothing can be bought here: a paid plan is refused plainly (never a fake charge), saying who gives them. */
const paidPlansGranted = (supportEmail: string | null) =>
  new DomainError(
    'PAYMENTS_NOT_CONFIGURED',
    `Paid plans cannot be bought on this server: they are granted by its administrator. ${
      supportEmail
        ? `Please write to ${supportEmail} to ask for one.`
        : 'Please ask the administrator of this Scrivo server for one.'
    }`,
  );

/** A subscription that still bills (or may bill again): a second checkout would charge twice. */
const billsStill = (subscription: SubscriptionState | null): boolean =>
  subscription !== null && !isEnded(subscription.status) && subscription.status !== 'incomplete';

/**
 * Free applies at once; a paid plan records nothing here, since it changes only when the provider confirms the
 * payment of the checkout the API then starts. A subscription that still bills is managed at the provider instead:
 * choosing Free here would not stop the billing.
 */
export const choosePlan = (
  command: UserAccountCommandOf<'ChoosePlan'>,
  account: LiveAccount,
): UserEvent[] => {
  if (billsStill(account.subscription))
    throw new DomainError(
      'SUBSCRIPTION_EXISTS',
      'Your plan is a subscription: change or cancel it with "Manage billing" on your account page.',
    );
  if (command.plan === 'free')
    return changePlan({ type: 'ChangePlan', plan: 'free', at: command.at }, account);
  if (!command.payments.configured) throw paidPlansGranted(command.payments.supportEmail);
  return [];
};

/** The provider's customer whose billing page the account opens: there is one only once it subscribed. */
export const billingPortalCustomer = (account: UserAccountState, payments: PaymentsHere): string => {
  if (!payments.configured) throw paidPlansGranted(payments.supportEmail);
  const customerId = account.subscription?.customerId;
  if (!customerId)
    throw new DomainError('NO_SUBSCRIPTION', 'You have no subscription to manage: choose a plan first.');
  return customerId;
};
