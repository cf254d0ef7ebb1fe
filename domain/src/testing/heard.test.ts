import { describe, expect, it } from 'vitest';
import { heard, phraseErrorRate, wordErrorRate } from './heard';

describe('a phrase heard in a transcript', () => {
  const srt =
    '1\n00:00:00,000 --> 00:00:03,000\nAnd so, my fellow Americans, ask not\n\n2\n00:00:03,000 --> 00:00:06,000\nwhat your country can do for you.';

  it('is found word for word, across punctuation, case, line breaks and cue numbers', () => {
    expect(phraseErrorRate('ask not what your country can do for you', srt)).toBe(0);
  });

  it('allows one word in four to differ, as another processor may write it', () => {
    expect(heard('Der Raum wurde als Leichenhalle genutzt', 'der raum wurde als leichenhaler genutzt')).toBe(
      true,
    );
    expect(heard('ask not what your country can do for you', 'as not what your country can do for you')).toBe(
      true,
    );
  });

  it('is not found when most of it is missing', () => {
    expect(heard('ask not what your country can do for you', 'And so my fellow Americans')).toBe(false);
    expect(heard('ask not what your country can do for you', '')).toBe(false);
  });

  it('word error rate counts substitutions, insertions and deletions over the words said', () => {
    expect(wordErrorRate('a b c d', 'a x c d e')).toBe(0.5);
    expect(wordErrorRate('', 'anything')).toBe(0);
  });
});
