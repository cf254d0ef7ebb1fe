import { describe, expect, it } from 'vitest';
import { formatShare, formatTalkTime, talkTimes } from './talk-time';

describe('talk time per person', () => {
  it('counts the time two people talk at once for both of them', () => {
    // Ann 0-60 s, Bob 50-100 s: 10 s at once; someone speaks for 100 s.
    const times = talkTimes([
      { speaker: 'Ann', start: 0, end: 60 },
      { speaker: 'Bob', start: 50, end: 100 },
    ]);
    expect(times).toEqual([
      { speaker: 'Ann', seconds: 60, share: 0.6 },
      { speaker: 'Bob', seconds: 50, share: 0.5 },
    ]);
  });

  it('adds up each person’s turns, in the order people are first heard, silences left out', () => {
    const times = talkTimes([
      { speaker: 'Bob', start: 30, end: 40 },
      { speaker: 'Ann', start: 0, end: 10 },
      { speaker: 'Bob', start: 12, end: 20 },
    ]);
    expect(times.map((t) => [t.speaker, t.seconds])).toEqual([
      ['Ann', 10],
      ['Bob', 18],
    ]);
    expect(times[1]!.share).toBeCloseTo(18 / 28);
  });

  it('counts one person’s overlapping turns once', () => {
    expect(
      talkTimes([
        { speaker: 'Ann', start: 0, end: 10 },
        { speaker: 'Ann', start: 5, end: 12 },
      ]),
    ).toEqual([{ speaker: 'Ann', seconds: 12, share: 1 }]);
  });

  it('is nobody’s for an empty timeline', () => {
    expect(talkTimes([])).toEqual([]);
  });

  it('reads as minutes and seconds, and as a whole percentage', () => {
    expect(formatTalkTime(252.4)).toBe('4 min 12 s');
    expect(formatTalkTime(38)).toBe('38 s');
    expect(formatTalkTime(120)).toBe('2 min');
    expect(formatTalkTime(3725)).toBe('1 h 2 min');
    expect(formatShare(0.384)).toBe('38 %');
    expect(formatShare(0.001)).toBe('<1 %');
  });
});
