import type { LiveSegment } from './live-recorder';

/** Rounding of the times on the way (worker, API): a final counts as inside the line within a millisecond. */
const SLACK = 0.002;

/**
 * A finished line read again by the speech worker (cased and punctuated): the finals it covers become one segment
 * with the new text, where the first of them was. Finals outside the line stay as they are; a line that covers
 * none of them (already revised, or sent before a reload) changes nothing.
 */
export const reviseLine = (
  finals: readonly LiveSegment[],
  line: { readonly text: string; readonly start: number; readonly end: number },
): readonly LiveSegment[] => {
  const inside = (s: LiveSegment) => s.start >= line.start - SLACK && s.end <= line.end + SLACK;
  const first = finals.findIndex(inside);
  if (first < 0) return finals;
  const kept = finals.filter((s) => !inside(s));
  return [
    ...kept.slice(0, first),
    { text: line.text, start: line.start, end: line.end },
    ...kept.slice(first),
  ];
};
