import { describe, expect, it } from 'vitest';
import { allowanceSecondsFor } from './plans';
import { decodeBudgetSeconds, type UsageState } from './usage.decider';

describe('the decode budget: how much audio the worker may decode for a recording', () => {
  const usage = (over: Partial<UsageState>): UsageState => ({
    reserved: {},
    usedSeconds: 0,
    grantedSeconds: 0,
    grants: [],
    ...over,
  });

  it('is what is reserved for it plus what the period has left, with the grants, and the tolerance', () => {
    const held = usage({ reserved: { a: 60, b: 100 }, usedSeconds: 200, grantedSeconds: 120 });
    // 300 s of plan + 120 granted - 200 used = 220 left; 60 reserved for a; 1 s tolerance and 1 s rounding.
    expect(decodeBudgetSeconds(held, 'a', 300)).toBe(60 + 220 + 2);
  });

  it('never counts a period used past its allowance as negative', () => {
    expect(decodeBudgetSeconds(usage({ reserved: { a: 30 }, usedSeconds: 400 }), 'a', 300)).toBe(30 + 2);
  });

  it('is unlimited for an unlimited plan', () => {
    expect(decodeBudgetSeconds(usage({ usedSeconds: 10_000 }), 'a', null)).toBeNull();
  });

  it('counts the plan in seconds, a weekly period getting its share of the month', () => {
    expect(allowanceSecondsFor('free', '2026-03')).toBe(5 * 60);
    expect(allowanceSecondsFor('premium', 'w20260301T000000')).toBe(28 * 60);
    expect(allowanceSecondsFor('business_pro', '2026-03')).toBeNull();
  });
});
