import type { PlanId } from '@scrivo/contracts';

/** How the admin screens name a plan tier. */
export const TIER_LABEL: Record<PlanId, string> = {
  free: 'Free',
  premium: 'Premium',
  business_pro: 'Business Pro',
};
