import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';

/** A word's place in the transcript: which segment, which word in it, and when it is spoken. */
export interface TimedWord {
  segment: number;
  word: number;
  start: number;
  end: number;
}

/** All words in playback order. Segments without word timings count as one "word" spanning the segment. */
export const timeline = (segments: readonly TranscriptSegment[]): TimedWord[] => {
  const words: TimedWord[] = [];
  segments.forEach((segment, s) => {
    if (segment.words.length === 0) {
      words.push({ segment: s, word: -1, start: segment.start, end: segment.end });
      return;
    }
    segment.words.forEach((w, i) => words.push({ segment: s, word: i, start: w.start, end: w.end }));
  });
  return words.sort((a, b) => a.start - b.start);
};

/**
 * The word being spoken at `time`: the last word that has started. Between two words the previous one stays
 * lit (as in Otter), so the highlight does not flicker through the short gaps; before the first word, none.
 */
export const wordAt = (words: readonly TimedWord[], time: number): TimedWord | null => {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (words[mid]!.start <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found < 0) return null;
  const word = words[found]!;
  // A long silence after a word (more than 2 s past its end) lights nothing.
  return time - word.end > 2 ? null : word;
};
