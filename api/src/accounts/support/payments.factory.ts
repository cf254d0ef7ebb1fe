import type { PaymentProvider, PaymentsHere } from '@scrivo/domain/accounts';
import type { AppConfig } from '../../config/config';
import { unconfiguredPayments } from './unconfigured-payments';

/**
 * Stripe when its settings are all there (the config check refuses a partial set), otherwise the embedded
 * default, where an administrator grants paid plans. The SDK is loaded only when Stripe is configured.
 */
export const createPaymentProvider = async (config: AppConfig): Promise<PaymentProvider> => {
  const {
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM_WEEKLY,
    STRIPE_PRICE_PREMIUM_MONTHLY,
    STRIPE_PRICE_BUSINESS_PRO_WEEKLY,
    STRIPE_PRICE_BUSINESS_PRO_MONTHLY,
  } = config;
  if (
    !STRIPE_SECRET_KEY ||
    !STRIPE_WEBHOOK_SECRET ||
    !STRIPE_PRICE_PREMIUM_WEEKLY ||
    !STRIPE_PRICE_PREMIUM_MONTHLY ||
    !STRIPE_PRICE_BUSINESS_PRO_WEEKLY ||
    !STRIPE_PRICE_BUSINESS_PRO_MONTHLY
  )
    return unconfiguredPayments();
  const { StripePayments } = await import('@scrivo/adapters/payments/stripe-payments');
  return new StripePayments({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: {
      premium: { weekly: STRIPE_PRICE_PREMIUM_WEEKLY, monthly: STRIPE_PRICE_PREMIUM_MONTHLY },
      business_pro: { weekly: STRIPE_PRICE_BUSINESS_PRO_WEEKLY, monthly: STRIPE_PRICE_BUSINESS_PRO_MONTHLY },
    },
    ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
  });
};

/** What the domain is told of the payment set-up: whether anything can be bought here, and else whom to ask. */
export const paymentsHere = (payments: PaymentProvider, config: AppConfig): PaymentsHere => ({
  configured: payments.name !== 'none',
  supportEmail: config.SCRIVO_SUPPORT_EMAIL ?? null,
});
