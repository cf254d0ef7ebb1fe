import { DomainError } from '@scrivo/domain';
import type { CheckoutRequest, PaymentProvider } from '@scrivo/domain/accounts';

/** The embedded default: there is no payment provider, so a paid plan is refused plainly (never a fake charge). */
export const unconfiguredPayments: PaymentProvider = {
  name: 'none',
  async startCheckout(_request: CheckoutRequest): Promise<{ checkoutUrl: string }> {
    throw new DomainError(
      'PAYMENTS_NOT_CONFIGURED',
      'Payments are not configured on this server, so paid plans cannot be bought here. Please contact the administrator of this Scrivo server.',
    );
  },
};
