import type { LineMatch } from './ports';
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

/** A line that supports an uncited answer must match it nearly as well as the best one does. */
const SUPPORT_RATIO = 0.75;
const MAX_SUPPORTING_LINES = 3;

/**
 * Reads the line ids an answer cites and maps them to the lines it was given (an id the model made up, or one of
 * a line it was not shown, cites nothing). A small model often answers well but forgets the ids: then the lines
 * the answer's own words match best (`answerMatches`, the search run with the answer as the query) are its
 * moments. An answer that says it is not in the recording, or that neither cites nor matches any line it was
 * given, is "not in this recording": a claim no line supports is not the recording's.
 */
export const parseAnswer = (
  text: string,
  shown: readonly TranscriptLine[],
  answerMatches: readonly LineMatch[] = [],
): Answer => {
  const answer = text.trim();
  const notIn = { answer: NOT_IN_RECORDING, citations: [], notInRecording: true };
  if (answer.toLowerCase().startsWith(NOT_IN_RECORDING.toLowerCase().slice(0, -1))) return notIn;
  const byNumber = new Map(shown.map((l) => [l.line, l]));
  const cited = new Set<number>();
  for (const mention of answer.match(CITATION) ?? [])
    for (const [, id] of mention.matchAll(LINE_ID)) if (byNumber.has(Number(id))) cited.add(Number(id));
  if (cited.size === 0) {
    const ranked = answerMatches
      .filter((m) => m.score > 0 && byNumber.has(m.line))
      .sort((a, b) => b.score - a.score);
    const best = ranked[0]?.score ?? 0;
    for (const m of ranked.slice(0, MAX_SUPPORTING_LINES))
      if (m.score >= best * SUPPORT_RATIO) cited.add(m.line);
  }
  if (cited.size === 0) return notIn;
  const citations = [...cited]
    .map((n) => byNumber.get(n)!)
    .sort((a, b) => a.start - b.start)
    .map((l) => ({ line: l.line, start: l.start, end: l.end, text: l.text }));
  return { answer, citations, notInRecording: false };
};

/** The answer as people read it: without the [L12] ids (the citations carry them as clickable moments). */
export const withoutLineIds = (text: string): string =>
  text
    .replace(CITATION, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
