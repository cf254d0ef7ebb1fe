import { notBuiltReason, serverBinary, startStripeMock } from '@scrivo/adapters/testing/real-servers';
import {
  signedStripeWebhook,
  STRIPE_TEST_PRICES,
  type StripeTestEvent,
} from '@scrivo/adapters/testing/stripe-events';
import { appBeside } from '../support/app-beside';

export const STRIPE_WEBHOOK_SECRET = 'whsec_scrivo_billing_tests';
export const STRIPE_MOCK = serverBinary('stripe-mock');
export const STRIPE_MOCK_MISSING = notBuiltReason('stripe-mock');

/** The settings that turn billing with Stripe on, pointed at a stripe-mock server. */
export const stripeEnv = (apiBase: string): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_scrivo',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_PRICE_PREMIUM_WEEKLY: STRIPE_TEST_PRICES.premium.weekly,
  STRIPE_PRICE_PREMIUM_MONTHLY: STRIPE_TEST_PRICES.premium.monthly,
  STRIPE_PRICE_BUSINESS_PRO_WEEKLY: STRIPE_TEST_PRICES.business_pro.weekly,
  STRIPE_PRICE_BUSINESS_PRO_MONTHLY: STRIPE_TEST_PRICES.business_pro.monthly,
  STRIPE_API_BASE: apiBase,
});

/**
 * The app of one describe block with billing on, its Stripe adapter pointed at a stripe-mock started for it; no job
 * worker (nothing here is transcribed) and no sign-in rate limit (each test signs up its own users).
 */
export const appWithStripeMock = () =>
  appBeside(
    () => {
      if (!STRIPE_MOCK) throw new Error(STRIPE_MOCK_MISSING);
      return startStripeMock(STRIPE_MOCK);
    },
    (stripe) => ({
      ...stripeEnv(stripe.url),
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    }),
    120_000,
  );

export const WEBHOOK_PATH = '/api/billing/stripe/webhook';

/** Delivers the event as Stripe does: a POST with the signed JSON, no cookie, no CSRF token, no Origin. */
export const deliver = async (
  baseUrl: string,
  event: StripeTestEvent,
  secret = STRIPE_WEBHOOK_SECRET,
): Promise<{ status: number; text: string }> => {
  const { body, signature } = signedStripeWebhook(event, secret);
  const answer = await fetch(`${baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    // The signed payload is UTF-8 JSON: sent as that text, the bytes on the wire are the signed ones.
    body: body.toString('utf8'),
  });
  return { status: answer.status, text: await answer.text() };
};

export const unix = (date: Date | number) =>
  Math.floor((typeof date === 'number' ? date : date.getTime()) / 1000);
export const DAY = 24 * 60 * 60 * 1000;
