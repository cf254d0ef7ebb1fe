/** Section 9's pricing table: the one source of every price and allowance shown anywhere on the site. */
import type { PlanId } from '@scrivo/contracts';

export type { PlanId };
export type BillingPeriod = 'weekly' | 'monthly';

export interface Price {
  /** US dollars. */
  readonly amount: number;
  /** The former price, shown struck through. */
  readonly original?: number;
}

export interface PlanFacts {
  readonly id: PlanId;
  readonly monthly: Price;
  /** Free has no weekly price: it is $0 forever whichever period is shown. */
  readonly weekly?: Price;
  /** Transcription minutes per month; null means unlimited. */
  readonly minutesPerMonth: number | null;
  readonly popular: boolean;
  /** The 7-day money-back line exists in the design but is switched off for every plan. */
  readonly guarantee: boolean;
}

export const PLANS: readonly PlanFacts[] = [
  { id: 'free', monthly: { amount: 0 }, minutesPerMonth: 5, popular: false, guarantee: false },
  {
    id: 'premium',
    monthly: { amount: 9.99, original: 14.99 },
    weekly: { amount: 4.49, original: 7.49 },
    minutesPerMonth: 120,
    popular: false,
    guarantee: false,
  },
  {
    id: 'business_pro',
    monthly: { amount: 19.99, original: 39 },
    weekly: { amount: 9.49, original: 14.49 },
    minutesPerMonth: null,
    popular: true,
    guarantee: false,
  },
];

export const priceFor = (plan: PlanFacts, period: BillingPeriod): Price =>
  period === 'weekly' ? (plan.weekly ?? plan.monthly) : plan.monthly;

/** "$9.99" in English, "9,99 $" in French: the amounts never change, only how they are written. */
export const formatUsd = (amount: number, locale: string): string =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
