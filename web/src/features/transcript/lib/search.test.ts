import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { describe, expect, it } from 'vitest';
import { findMatches } from './search';

const words = (text: string) =>
  text.split(' ').map((t, i) => ({ text: ` ${t}`, start: i, end: i + 1, probability: 1 }));
const segments: TranscriptSegment[] = [
  {
    id: 0,
    start: 0,
    end: 5,
    text: 'Ask not what your country',
    speaker: null,
    words: words('Ask not what your country'),
  },
  {
    id: 1,
    start: 5,
    end: 9,
    text: 'can do for your Country',
    speaker: null,
    words: words('can do for your Country'),
  },
  { id: 2, start: 9, end: 12, text: 'thank you, country', speaker: null, words: [] },
];

describe('searching one transcript', () => {
  it('finds every occurrence in reading order, ignoring case', () => {
    expect(findMatches(segments, 'COUNTRY')).toEqual([
      { segment: 0, first: 4, last: 4 },
      { segment: 1, first: 4, last: 4 },
      { segment: 2, first: -1, last: -1 },
    ]);
  });

  it('finds a phrase across words, and part of a word', () => {
    expect(findMatches(segments, 'what  your')).toEqual([{ segment: 0, first: 2, last: 3 }]);
    expect(findMatches(segments, 'coun')).toHaveLength(3);
  });

  it('finds nothing for an empty query', () => {
    expect(findMatches(segments, '  ')).toEqual([]);
  });
});
