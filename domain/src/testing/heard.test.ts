import { describe, expect, it } from 'vitest';
import { heard, phraseErrorRate, wordErrorRate, wordRecall } from './heard';

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

  it('word recall is the share of the words said found anywhere in the text, each as often as said', () => {
    const said = 'Las arenas son blanquecinas de grano medio y tiene muy poca asistencia.';
    // Live captions of the looping clip on a loaded machine: respelled, broken mid-sentence, repeated.
    const live =
      'arenas son blancasinas de grano medio y tiene muy poca assistencia la harina son blancasinas';
    expect(wordRecall(said, live)).toBe(9 / 12);
    expect(wordRecall(said, 'the sands are white')).toBe(0);
    expect(wordRecall('y y y', 'y')).toBe(1 / 3);
    expect(wordRecall('', 'anything')).toBe(1);
  });
});
