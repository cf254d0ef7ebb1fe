import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';

/** Consecutive segments read as one paragraph: indexes into the transcript's segments, inclusive. */
export interface Paragraph {
  readonly first: number;
  readonly last: number;
  readonly speaker: string | null;
  readonly start: number;
}

/** A pause this long starts a new paragraph even when the same person goes on. */
const PAUSE_SECONDS = 3;
/** About a screen-width block of eight lines: longer reads as a wall of text. */
const MAX_PARAGRAPH_CHARS = 900;

/**
 * Groups a speaker's consecutive segments into paragraphs with one timestamp, as people write a conversation
 * down: a new paragraph when someone else speaks, after a long pause, or when the paragraph grows too long.
 */
export const paragraphs = (segments: readonly TranscriptSegment[]): Paragraph[] => {
  const result: Paragraph[] = [];
  let chars = 0;
  segments.forEach((segment, index) => {
    const current = result[result.length - 1];
    const previous = segments[index - 1];
    const length = segment.text.trim().length;
    if (
      current &&
      previous &&
      segment.speaker === current.speaker &&
      segment.start - previous.end < PAUSE_SECONDS &&
      chars + length <= MAX_PARAGRAPH_CHARS
    ) {
      result[result.length - 1] = { ...current, last: index };
      chars += length + 1;
      return;
    }
    result.push({ first: index, last: index, speaker: segment.speaker, start: segment.start });
    chars = length;
  });
  return result;
};
