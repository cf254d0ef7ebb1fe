import type { Annotation, TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';

/** Where a selection of words starts and ends in time: what a highlight or comment is anchored to. */
export const selectionTimes = (
  segments: readonly TranscriptSegment[],
  from: { segment: number; word: number },
  to: { segment: number; word: number },
): { start: number; end: number } | null => {
  const first = segments[from.segment];
  const last = segments[to.segment];
  if (!first || !last) return null;
  const start = first.words[from.word]?.start ?? first.start;
  const end = last.words[to.word]?.end ?? last.end;
  return end >= start ? { start, end } : null;
};

/**
 * The words under each note, as keys "segment:word" ("segment:-1" for a segment without word times): the words
 * whose middle lies in the note's times, so the marks follow the words after edits change them.
 */
export const annotatedWords = (
  segments: readonly TranscriptSegment[],
  annotations: readonly Pick<Annotation, 'kind' | 'start' | 'end'>[],
): Map<string, Annotation['kind']> => {
  const marked = new Map<string, Annotation['kind']>();
  const inside = (a: { start: number; end: number }, from: number, to: number) =>
    (from + to) / 2 >= a.start - 0.01 && (from + to) / 2 <= a.end + 0.01;
  for (const a of annotations)
    segments.forEach((segment, s) => {
      if (segment.end < a.start || segment.start > a.end) return;
      const mark = (key: string) => {
        // A comment shows over a highlight of the same words: it has more to say.
        if (marked.get(key) !== 'comment') marked.set(key, a.kind);
      };
      if (segment.words.length === 0) {
        if (inside(a, segment.start, segment.end)) mark(`${s}:-1`);
        return;
      }
      segment.words.forEach((w, i) => {
        if (inside(a, w.start, w.end)) mark(`${s}:${i}`);
      });
    });
  return marked;
};
