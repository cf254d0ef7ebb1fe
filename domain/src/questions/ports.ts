import type { TranscriptLine } from './transcript-lines';

/** How well one line matches a question (higher is better); lines that match nothing are left out. */
export interface LineMatch {
  readonly line: number;
  readonly score: number;
}

/**
 * Full-text relevance of a transcript's lines to a question (BM25-like ranking, stemming and fuzzy terms are the
 * adapter's: a search library, not the domain, knows them).
 */
export interface LineSearch {
  rank(question: string, lines: readonly TranscriptLine[]): readonly LineMatch[];
}
