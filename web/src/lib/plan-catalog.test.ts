import { describe, expect, it } from 'vitest';
import { PLANS, formatUsd, priceFor } from './plan-catalog';

const plan = (id: string) => PLANS.find((p) => p.id === id)!;

describe('the plan catalogue (spec section 9)', () => {
  it('has the pricing table prices, with the former prices struck through', () => {
    expect(priceFor(plan('premium'), 'monthly')).toEqual({ amount: 9.99, original: 14.99 });
    expect(priceFor(plan('premium'), 'weekly')).toEqual({ amount: 4.49, original: 7.49 });
    expect(priceFor(plan('business_pro'), 'monthly')).toEqual({ amount: 19.99, original: 39 });
    expect(priceFor(plan('business_pro'), 'weekly')).toEqual({ amount: 9.49, original: 14.49 });
  });

  it('keeps Free at $0 whichever period is shown', () => {
    expect(priceFor(plan('free'), 'weekly')).toEqual({ amount: 0 });
  });

  it('marks only Business Pro as popular and switches the money-back line off everywhere', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['business_pro']);
    expect(PLANS.some((p) => p.guarantee)).toBe(false);
  });

  it('gives the allowances: 5 minutes, 120 minutes, unlimited', () => {
    expect(PLANS.map((p) => p.minutesPerMonth)).toEqual([5, 120, null]);
  });

  it('writes dollars the way each language does', () => {
    expect(formatUsd(9.99, 'en')).toBe('$9.99');
    expect(formatUsd(39, 'en')).toBe('$39');
    expect(formatUsd(9.99, 'fr').replace(/\s/g, ' ')).toBe('9,99 $');
  });
});
