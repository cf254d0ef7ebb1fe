import { describe, expect, it } from 'vitest';
import { formatClock, spokenDuration } from './time';

describe('formatClock', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
  });
  it('adds hours when needed', () => expect(formatClock(3725)).toBe('1:02:05'));
  it('treats nonsense as zero', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('spokenDuration', () => {
  it('names the units', () => expect(spokenDuration(75)).toBe('1 minute 15 seconds'));
  it('says zero seconds for nothing', () => expect(spokenDuration(0)).toBe('0 seconds'));
});
