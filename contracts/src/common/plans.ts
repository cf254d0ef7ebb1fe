import { z } from 'zod';

/** The plan ids of the pricing table (spec section 9), as the API speaks them. The domain holds the same list. */
export const PlanId = z.enum(['free', 'premium', 'business_pro']);
export type PlanId = z.infer<typeof PlanId>;
