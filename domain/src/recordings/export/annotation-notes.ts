import type { Transcript } from '../transcript';
import { readableTimestamp, type TextExportOptions, transcriptParagraphs } from './plain-text';

/** A highlight or comment as the exports print it. */
export interface ExportAnnotation {
  readonly kind: 'highlight' | 'comment';
  readonly start: number;
  readonly end: number;
  readonly comment: string | null;
  readonly authorName: string;
  readonly createdAt: string;
}

/**
 * The words of the passage as the transcript says them now: the words whose middle lies in the marked times (a
 * segment without word times counts whole). Read at export time, so text edits since the note show.
 */
export const passageText = (transcript: Pick<Transcript, 'segments'>, start: number, end: number): string => {
  const inside = (from: number, to: number) =>
    (from + to) / 2 >= start - 0.01 && (from + to) / 2 <= end + 0.01;
  return transcript.segments
    .flatMap((s) =>
      s.words.length > 0
        ? s.words.filter((w) => inside(w.start, w.end)).map((w) => w.text.trim())
        : inside(s.start, s.end)
          ? [s.text.trim()]
          : [],
    )
    .filter(Boolean)
    .join(' ');
};

const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
};

/** One note line: what is marked, where, and for a comment who wrote what and when. */
export const annotationNote = (transcript: Pick<Transcript, 'segments'>, a: ExportAnnotation): string => {
  const where = `[${readableTimestamp(a.start)}–${readableTimestamp(a.end)}]`;
  const quote = `“${passageText(transcript, a.start, a.end)}”`;
  if (a.kind === 'highlight') return `Highlight ${where}: ${quote}`;
  const when = day(a.createdAt);
  return `Comment by ${a.authorName}${when ? ` (${when})` : ''} ${where} on ${quote}: ${a.comment ?? ''}`;
};

/**
 * The notes to print after each paragraph (by its index in `transcriptParagraphs`): a note goes after the
 * paragraph its passage starts in, in passage order.
 */
export const notesByParagraph = (
  transcript: Pick<Transcript, 'segments'>,
  options: TextExportOptions,
  annotations: readonly ExportAnnotation[],
): Map<number, string[]> => {
  const paragraphs = transcriptParagraphs(transcript, options);
  const notes = new Map<number, string[]>();
  for (const a of [...annotations].sort((x, y) => x.start - y.start || x.end - y.end)) {
    let index = 0;
    paragraphs.forEach((p, i) => {
      if (p.start <= a.start + 0.01) index = i;
    });
    notes.set(index, [...(notes.get(index) ?? []), annotationNote(transcript, a)]);
  }
  return notes;
};
