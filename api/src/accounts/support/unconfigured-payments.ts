import type { BillingNotice, CheckoutRequest, PaymentProvider } from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';

/**
 * The embedded default: there is no payment provider. The account refuses a paid plan and the billing page before
 * either reaches a provider (ChoosePlan, billingPortalCustomer: PAYMENTS_NOT_CONFIGURED, saying who gives paid plans
 * here), so being asked for one is a bug. A webhook is the set-up's answer, not a rule: nothing here receives it.
 */
export const unconfiguredPayments = (): PaymentProvider => ({
  name: 'none',
  async startCheckout(_request: CheckoutRequest): Promise<{ checkoutUrl: string }> {
    throw new Error('No payment provider: the account refuses a paid plan before a checkout is started.');
  },
  async openBillingPortal(): Promise<{ url: string }> {
    throw new Error('No payment provider: the account refuses the billing page before it is opened.');
  },
  readWebhook(): BillingNotice {
    throw new ApiError(501, 'PAYMENTS_NOT_CONFIGURED', 'No payment provider is configured on this server.');
  },
});
