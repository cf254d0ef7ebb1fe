import { api, ok } from '../../lib/api-client';
import type { PlanId } from './plan-catalog';

export interface PlanChoiceResult {
  readonly message: string;
}

const NAMES: Record<PlanId, string> = { free: 'Free', premium: 'Premium', business_pro: 'Business Pro' };

/**
 * POST /api/account/plan (the accounts contract). Free is set at once; a paid plan goes through the server's
 * payment provider, whose embedded default refuses with a message that payments are not configured.
 */
export const choosePlan = async (plan: PlanId): Promise<PlanChoiceResult> => {
  const body = await ok(api.accounts.changePlan({ body: { plan } }));
  if (body?.checkoutUrl && /^https:\/\//.test(body.checkoutUrl)) {
    window.location.assign(body.checkoutUrl);
    return { message: 'Redirecting to checkout...' };
  }
  return { message: `You are now on the ${NAMES[plan]} plan.` };
};
