import { PLANS, priceFor, type BillingPeriod } from '../../../lib/plan-catalog';

const PLAN_NAMES = { free: 'Free', premium: 'Premium', business_pro: 'Business Pro' } as const;

/**
 * JSON-LD for the product and its plans. The prices come from the pricing table (spec section 9), which wins
 * over the older figures the spec also mentions.
 */
export const productStructuredData = (origin: string, description: string): object[] => {
  const offer = (period: BillingPeriod) =>
    PLANS.filter((plan) => period === 'monthly' || plan.weekly).map((plan) => ({
      '@type': 'Offer',
      name: `${PLAN_NAMES[plan.id]} (${period})`,
      price: priceFor(plan, period).amount.toFixed(2),
      priceCurrency: 'USD',
      url: `${origin}/pricingandplans`,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: priceFor(plan, period).amount.toFixed(2),
        priceCurrency: 'USD',
        unitCode: period === 'weekly' ? 'WEE' : 'MON',
      },
    }));
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Scrivo',
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      description,
      url: `${origin}/`,
      offers: [...offer('monthly'), ...offer('weekly')],
    },
  ];
};
