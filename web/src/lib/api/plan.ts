import { accountsContract } from '@scrivo/contracts';
import { clientFor, ok } from '../client-for';
import type { BillingPeriod, PlanId } from '../plan-catalog';

// Only this feature's routes: the module is on the landing page's first download.
const accountsApi = clientFor(accountsContract);

export interface PlanChoiceResult {
  readonly message: string;
}

const NAMES: Record<PlanId, string> = { free: 'Free', premium: 'Premium', business_pro: 'Business Pro' };

/**
 * POST /api/account/plan (the accounts contract). Free is set at once; a paid plan answers the payment provider's
 * checkout page (Stripe Checkout), where the browser goes to pay: the plan changes when the provider confirms the
 * payment. Without a provider the server refuses with who grants paid plans here.
 */
export const choosePlan = async (plan: PlanId, billingPeriod: BillingPeriod): Promise<PlanChoiceResult> => {
  const body = await ok(accountsApi.changePlan({ body: { plan, billingPeriod } }));
  if (body?.checkoutUrl && /^https?:\/\//.test(body.checkoutUrl)) {
    window.location.assign(body.checkoutUrl);
    return { message: 'Redirecting to checkout...' };
  }
  return { message: `You are now on the ${NAMES[plan]} plan.` };
};

/** POST /api/account/billing-portal: the payment provider's page for the card, invoices and cancelling. */
export const openBillingPortal = async (): Promise<void> => {
  const { url } = await ok(accountsApi.openBillingPortal());
  window.location.assign(url);
};
