import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs';

const segment = (start: number, speaker: string | null, text = 'words'): TranscriptSegment => ({
  id: start,
  start,
  end: start + 2,
  text,
  speaker,
  words: [],
});
const spans = (segments: TranscriptSegment[]) =>
  paragraphs(segments).map((p) => [p.first, p.last, p.speaker]);

describe('grouping a transcript into paragraphs', () => {
  it('keeps a speaker’s consecutive lines together, under the time of the first', () => {
    const segments = [segment(0, 'Ann'), segment(2, 'Ann'), segment(4, 'Bob'), segment(6, 'Ann')];
    expect(spans(segments)).toEqual([
      [0, 1, 'Ann'],
      [2, 2, 'Bob'],
      [3, 3, 'Ann'],
    ]);
    expect(paragraphs(segments)[0]?.start).toBe(0);
  });

  it('starts a new paragraph after a long pause or when one grows past a screenful', () => {
    expect(spans([segment(0, null), segment(2.5, null), segment(10, null)])).toEqual([
      [0, 1, null],
      [2, 2, null],
    ]);
    const long = 'x'.repeat(500);
    expect(spans([segment(0, null, long), segment(2, null, long)])).toEqual([
      [0, 0, null],
      [1, 1, null],
    ]);
  });
});
