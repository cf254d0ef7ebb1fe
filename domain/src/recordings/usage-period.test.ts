import { describe, expect, it } from 'vitest';
import { allowanceMinutesFor, usagePeriod } from './plans';

describe('usage periods', () => {
  it('are calendar months in UTC without a weekly subscription', () => {
    const period = usagePeriod(new Date('2026-02-14T12:00:00.000Z'));
    expect(period).toEqual({
      id: '2026-02',
      start: new Date('2026-02-01T00:00:00.000Z'),
      end: new Date('2026-03-01T00:00:00.000Z'),
    });
  });

  it("are a weekly subscription's billing weeks, counted from its period start, before and after it", () => {
    const anchor = '2026-02-10T09:30:00.000Z';
    const inWeek = usagePeriod(new Date('2026-02-16T23:00:00.000Z'), anchor);
    expect(inWeek).toEqual({
      id: 'w20260210T093000',
      start: new Date(anchor),
      end: new Date('2026-02-17T09:30:00.000Z'),
    });
    // The next renewal starts a new period: the minutes reset weekly.
    expect(usagePeriod(new Date('2026-02-17T09:30:00.000Z'), anchor).id).toBe('w20260217T093000');
    expect(usagePeriod(new Date('2026-02-03T09:29:59.000Z'), anchor).id).toBe('w20260127T093000');
  });

  it("gives a weekly period the week's share of the monthly minutes, unlimited staying unlimited", () => {
    expect(allowanceMinutesFor('premium', '2026-02')).toBe(120);
    expect(allowanceMinutesFor('premium', 'w20260210T093000')).toBe(28);
    expect(allowanceMinutesFor('business_pro', 'w20260210T093000')).toBeNull();
    expect(allowanceMinutesFor('free', '2026-02')).toBe(5);
  });
});
