import { describe, expect, it } from 'vitest';
import { meterPercent } from './level-meter';

describe('the live input meter', () => {
  it('shows ordinary speech well up the bar, not as an empty one', () => {
    expect(meterPercent(0.05)).toBeGreaterThanOrEqual(50);
    expect(meterPercent(0.2)).toBeGreaterThanOrEqual(75);
  });

  it('is empty for silence and room noise, and full at the loudest input', () => {
    expect(meterPercent(0)).toBe(0);
    expect(meterPercent(0.0005)).toBe(0);
    expect(meterPercent(1)).toBe(100);
    expect(meterPercent(Number.NaN)).toBe(0);
  });
});
