import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';

/** One place the searched text occurs: words first..last of one segment (-1..-1: a segment without words). */
export interface SearchMatch {
  readonly segment: number;
  readonly first: number;
  readonly last: number;
}

/**
 * Every place `query` occurs in the transcript, in reading order, ignoring case and how words are spaced. A phrase
 * may span several words of a segment; every word it touches is part of the match.
 */
export const findMatches = (segments: readonly TranscriptSegment[], query: string): SearchMatch[] => {
  const needle = query.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  if (!needle) return [];
  const matches: SearchMatch[] = [];
  segments.forEach((segment, index) => {
    if (segment.words.length === 0) {
      if (segment.text.replace(/\s+/g, ' ').toLocaleLowerCase().includes(needle))
        matches.push({ segment: index, first: -1, last: -1 });
      return;
    }
    const starts: number[] = [];
    let joined = '';
    for (const word of segment.words) {
      if (joined) joined += ' ';
      starts.push(joined.length);
      joined += word.text.trim().toLocaleLowerCase();
    }
    const wordAt = (offset: number) => {
      let i = 0;
      while (i + 1 < starts.length && starts[i + 1]! <= offset) i++;
      return i;
    };
    for (let at = joined.indexOf(needle); at !== -1; at = joined.indexOf(needle, at + needle.length))
      matches.push({ segment: index, first: wordAt(at), last: wordAt(at + needle.length - 1) });
  });
  return matches;
};
