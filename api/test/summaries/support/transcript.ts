import type { Segment } from '@scrivo/domain/recordings';

/** A line of a transcript as a test writes it: the second it starts at, who says it, what they say. */
export type Line = readonly [start: number, speaker: string, text: string];

/**
 * Segments as the speech worker writes them (a leading space, no words), each lasting until the next line starts;
 * the last one `lastSeconds` long.
 */
export const transcript = (lines: readonly Line[], lastSeconds = 3): Segment[] =>
  lines.map(([start, speaker, text], id) => ({
    id,
    start,
    end: lines[id + 1]?.[0] ?? start + lastSeconds,
    text: ` ${text}`,
    speaker,
    words: [],
  }));
