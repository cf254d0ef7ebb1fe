import { describe, expect, it } from 'vitest';
import { describeChange, minutesLabel, untilEndOfDay } from './labels';

const by = { kind: 'admin' as const, adminId: 'a1', label: 'root@example.com' };

describe('admin users labels', () => {
  it('reads a picked date as "through that day" (UTC), like the CLI', () => {
    expect(untilEndOfDay('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('describes each change as an operator reads it', () => {
    expect(
      describeChange({
        type: 'plan_set',
        at: '2026-11-01T00:00:00.000Z',
        by,
        reason: 'r',
        from: 'free',
        to: 'business_pro',
        until: null,
        thenPlan: null,
      }),
    ).toBe('Plan Free → Business Pro');
    expect(
      describeChange({
        type: 'minutes_granted',
        at: '2026-11-01T00:00:00.000Z',
        by,
        reason: 'r',
        minutes: 30,
        period: '2026-11',
      }),
    ).toBe('Granted 30 minutes for 2026-11');
    expect(describeChange({ type: 'suspended', at: '2026-11-01T00:00:00.000Z', by, reason: 'r' })).toBe(
      'Suspended',
    );
  });

  it('shows unlimited minutes in words', () => {
    expect(minutesLabel(12.5, null)).toBe('12.5 / unlimited min');
    expect(minutesLabel(3, 35)).toBe('3 / 35 min');
  });
});
