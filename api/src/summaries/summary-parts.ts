import type { Segment } from '@scrivo/domain/recordings';
import { selectLines } from './line-selection';
import { splitLongLines, tidyLines } from './spoken';
import { wordCount } from './words';

/** About 1,200 words (1,600 tokens) a part: the prompt and the answer fit the local model's context with room. */
export const DEFAULT_PART_WORDS = 1200;

/** Consecutive segments, cut between segments, each part at most `maxWords` words (a longer segment alone). */
export const splitIntoParts = (segments: readonly Segment[], maxWords = DEFAULT_PART_WORDS): Segment[][] => {
  const parts: Segment[][] = [];
  let current: Segment[] = [];
  let words = 0;
  for (const segment of segments) {
    const count = wordCount(segment.text);
    if (current.length > 0 && words + count > maxWords) {
      parts.push(current);
      current = [];
      words = 0;
    }
    current.push(segment);
    words += count;
  }
  if (current.length > 0) parts.push(current);
  return parts;
};

/** The transcript as the summary reads it: fillers and stutters out, long turns as their sentences. */
export const readableLines = (segments: readonly Segment[]): Segment[] => splitLongLines(tidyLines(segments));

/** The lines the model reads: the extractive pass over the readable lines. */
export const linesRead = (segments: readonly Segment[]): Segment[] => selectLines(readableLines(segments));

/** The parts the model reads, in order: the lines the extractive pass keeps, cut between lines. */
export const summaryParts = (segments: readonly Segment[], maxWords = DEFAULT_PART_WORDS): Segment[][] =>
  splitIntoParts(linesRead(segments), maxWords);
