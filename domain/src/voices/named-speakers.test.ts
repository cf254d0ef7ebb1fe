import { describe, expect, it } from 'vitest';
import type { Segment, TranscriptBody } from '../recordings/transcript';
import { speechOf, withRememberedNames } from './named-speakers';
import { decodeVoicePrint, encodeVoicePrint } from './voice-print';

const line = (id: number, start: number, end: number, speaker: string | null, words = true): Segment => ({
  id,
  start,
  end,
  text: `line ${id}`,
  speaker,
  words: words ? [{ start: start + 0.2, end: end - 0.2, text: 'w', probability: 1 }] : [],
});
const transcript = (segments: Segment[]): TranscriptBody => ({
  language: 'en',
  languageProbability: 1,
  durationSeconds: 60,
  text: '',
  segments,
  engine: 'test',
});

describe('the speech a voice print is made from', () => {
  it('is the speaker’s lines from their first word to their last, in time order, lines under 1 s left out', () => {
    const segments = [
      line(0, 0, 5, 'Ada'),
      line(1, 5, 9, 'Bob'),
      line(2, 9, 10, 'Ada'),
      line(3, 10, 14, 'Ada', false),
    ];
    expect(speechOf(segments, 'Ada')).toEqual([
      [0.2, 4.8],
      [10, 14],
    ]);
    expect(speechOf(segments, 'Nobody')).toEqual([]);
  });

  it('is the longest lines up to a minute', () => {
    const segments = Array.from({ length: 20 }, (_, i) => line(i, i * 10, i * 10 + 2 + (i % 3) * 3, 'Ada'));
    const spans = speechOf(segments, 'Ada');
    // Six lines of 7.6 s, then lines of 4.6 s until a minute is reached; none of the 1.6 s ones.
    const lengths = spans.map(([a, b]) => Math.round((b - a) * 10) / 10);
    expect(lengths.filter((l) => l === 7.6)).toHaveLength(6);
    expect(lengths.filter((l) => l === 4.6)).toHaveLength(4);
    expect(lengths).not.toContain(1.6);
    expect(spans).toEqual([...spans].sort((x, y) => x[0] - y[0]));
  });
});

describe('a transcript with remembered names', () => {
  it('shows the name where the voice was recognised and numbers the other speakers again', () => {
    const named = withRememberedNames(
      transcript([line(0, 0, 2, 'Speaker 1'), line(1, 2, 4, 'Speaker 2'), line(2, 4, 6, 'Speaker 3')]),
      { 'Speaker 1': 'Ada' },
    );
    expect(named.segments.map((s) => s.speaker)).toEqual(['Ada', 'Speaker 1', 'Speaker 2']);
  });

  it('never gives a remaining speaker a remembered name', () => {
    const named = withRememberedNames(transcript([line(0, 0, 2, 'Speaker 1'), line(1, 2, 4, 'Speaker 2')]), {
      'Speaker 2': 'Speaker 1',
    });
    expect(named.segments.map((s) => s.speaker)).toEqual(['Speaker 2', 'Speaker 1']);
  });

  it('changes nothing without names', () => {
    const plain = transcript([line(0, 0, 2, 'Speaker 1'), line(1, 2, 4, null)]);
    expect(withRememberedNames(plain, {})).toBe(plain);
  });
});

describe('a stored voice print', () => {
  it('reads back as the numbers it was made of (float32)', () => {
    const numbers = [0.125, -0.5, 0.75];
    expect(decodeVoicePrint(encodeVoicePrint(numbers))).toEqual(numbers);
  });

  it('reads as none once erased or damaged', () => {
    expect(decodeVoicePrint('[erased]')).toBeNull();
    expect(decodeVoicePrint('')).toBeNull();
    expect(decodeVoicePrint('AAA=')).toBeNull();
  });
});
