import { describe, expect, it } from 'vitest';
import jfk from '../fixtures/jfk.transcript.json';
import { timeline, wordAt } from './active-word';

const words = timeline(jfk.segments);

describe('the word being spoken', () => {
  it('is none before the first word starts', () => {
    expect(wordAt(words, -1)).toBeNull();
  });

  it('is the word whose time span holds the position', () => {
    const ask = jfk.segments[0]!.words.findIndex((w) => w.text === 'ask');
    const { start, end } = jfk.segments[0]!.words[ask]!;
    expect(wordAt(words, (start + end) / 2)).toMatchObject({ segment: 0, word: ask });
  });

  it('stays on the previous word in the gap before the next one', () => {
    const all = jfk.segments[0]!.words;
    const gap = all.findIndex((w, i) => i + 1 < all.length && all[i + 1]!.start - w.end > 0.05);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(wordAt(words, all[gap]!.end + 0.02)?.word).toBe(gap);
  });

  it('is none in a long silence after the last word', () => {
    const last = words[words.length - 1]!;
    expect(wordAt(words, last.end + 5)).toBeNull();
  });

  it('falls back to whole segments when there are no word timings', () => {
    const segments = [{ id: 0, start: 1, end: 4, text: 'Hello there.', speaker: null, words: [] }];
    expect(wordAt(timeline(segments), 2)).toEqual({ segment: 0, word: -1, start: 1, end: 4 });
  });
});
