import { describe, expect, it } from 'vitest';
import { TransferRate, timeLeftLabel } from './transfer-rate';

describe('upload speed and time left', () => {
  it('knows nothing from a single sample', () => {
    const rate = new TransferRate();
    rate.add(1000, 0);
    expect(rate.bytesPerSecond).toBeNull();
    expect(rate.secondsLeft(10_000)).toBeNull();
  });

  it('measures bytes per second and the time the rest takes at that speed', () => {
    const rate = new TransferRate();
    rate.add(0, 0);
    rate.add(500_000, 1000);
    rate.add(1_000_000, 2000);
    expect(rate.bytesPerSecond).toBe(500_000);
    expect(rate.secondsLeft(3_000_000)).toBe(4);
  });

  it('follows the recent speed, not the average since the start', () => {
    const rate = new TransferRate(5000);
    rate.add(0, 0);
    rate.add(10_000_000, 1000); // fast at first
    for (let t = 2000; t <= 10_000; t += 1000) rate.add(10_000_000 + (t - 1000) * 100, t); // then 100 KB/s
    expect(rate.bytesPerSecond).toBeCloseTo(100_000, -3);
  });

  it('starts over after a reset', () => {
    const rate = new TransferRate();
    rate.add(0, 0);
    rate.add(100, 1000);
    rate.reset();
    expect(rate.bytesPerSecond).toBeNull();
  });
});

describe('time left, as people say it', () => {
  it('rounds by size', () => {
    expect(timeLeftLabel(null)).toBeNull();
    expect(timeLeftLabel(0.5)).toBe('Almost done');
    expect(timeLeftLabel(12.2)).toBe('13 s left');
    expect(timeLeftLabel(125)).toBe('About 2 min left');
    expect(timeLeftLabel(3600 + 1800)).toBe('About 1 h 30 min left');
  });
});
