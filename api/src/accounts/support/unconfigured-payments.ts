import { DomainError } from '@scrivo/domain';
import type { BillingNotice, CheckoutRequest, PaymentProvider } from '@scrivo/domain/accounts';

/** What the pricing buttons say for a paid plan when nothing can be bought here. */
export const paidPlansGrantedMessage = (supportEmail: string | undefined): string =>
  `Paid plans cannot be bought on this server: they are granted by its administrator. ${
    supportEmail
      ? `Please write to ${supportEmail} to ask for one.`
      : 'Please ask the administrator of this Scrivo server for one.'
  }`;

/**
 * The embedded default: there is no payment provider, so a paid plan is refused plainly (never a fake charge),
 * saying who gives paid plans here instead (SCRIVO_SUPPORT_EMAIL when set).
 */
export const unconfiguredPayments = (supportEmail?: string): PaymentProvider => ({
  name: 'none',
  async startCheckout(_request: CheckoutRequest): Promise<{ checkoutUrl: string }> {
    throw new DomainError('PAYMENTS_NOT_CONFIGURED', paidPlansGrantedMessage(supportEmail));
  },
  async openBillingPortal(): Promise<{ url: string }> {
    throw new DomainError('PAYMENTS_NOT_CONFIGURED', paidPlansGrantedMessage(supportEmail));
  },
  readWebhook(): BillingNotice {
    throw new DomainError('PAYMENTS_NOT_CONFIGURED', 'No payment provider is configured on this server.');
  },
});
