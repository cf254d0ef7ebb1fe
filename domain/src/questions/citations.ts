import { NOT_IN_RECORDING, type TranscriptLine } from './transcript-lines';

/** A moment an answer comes from: the line it cites, where that line is said, and what is said there. */
export interface Citation {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface Answer {
  /** The answer as the model wrote it, trimmed. */
  readonly answer: string;
  readonly citations: readonly Citation[];
  readonly notInRecording: boolean;
}

// [L12], [L12, L14], [L12-L14], [l12 03:41], L12 with or without brackets.
const CITATION = /\[\s*L\d+[^\]]*\]|\bL\d+\b/gi;
const LINE_ID = /L(\d+)/gi;

/**
 * Reads the line ids an answer cites and maps them to the lines it was given (an id the model made up, or one of
 * a line it was not shown, cites nothing). An answer that says it is not in the recording, or that cites no line
 * it was given, is "not in this recording": an uncited claim is not one the recording supports.
 */
export const parseAnswer = (text: string, shown: readonly TranscriptLine[]): Answer => {
  const answer = text.trim();
  const byNumber = new Map(shown.map((l) => [l.line, l]));
  const cited = new Map<number, Citation>();
  for (const mention of answer.match(CITATION) ?? [])
    for (const [, id] of mention.matchAll(LINE_ID)) {
      const line = byNumber.get(Number(id));
      if (line && !cited.has(line.line))
        cited.set(line.line, { line: line.line, start: line.start, end: line.end, text: line.text });
    }
  const citations = [...cited.values()].sort((a, b) => a.start - b.start);
  const saysNotIn = answer.toLowerCase().startsWith(NOT_IN_RECORDING.toLowerCase().slice(0, -1));
  if (saysNotIn || citations.length === 0)
    return { answer: NOT_IN_RECORDING, citations: [], notInRecording: true };
  return { answer, citations, notInRecording: false };
};

/** The answer as people read it: without the [L12] ids (the citations carry them as clickable moments). */
export const withoutLineIds = (text: string): string =>
  text
    .replace(CITATION, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
