import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { annotatedWords, selectionTimes } from './annotated-words';

const segments: TranscriptSegment[] = [
  {
    id: 0,
    start: 0,
    end: 2,
    text: 'ask not',
    speaker: null,
    words: [
      { start: 0, end: 1, text: 'ask', probability: 1 },
      { start: 1, end: 2, text: 'not', probability: 1 },
    ],
  },
  { id: 1, start: 2, end: 6, text: 'what your country can do', speaker: null, words: [] },
];

describe('notes on words', () => {
  it('anchors a selection to the start of its first word and the end of its last', () => {
    expect(selectionTimes(segments, { segment: 0, word: 1 }, { segment: 1, word: 2 })).toEqual({
      start: 1,
      end: 6,
    });
  });

  it('marks the words whose middle lies in the passage, a comment over a highlight', () => {
    const marks = annotatedWords(segments, [
      { kind: 'highlight', start: 0, end: 6 },
      { kind: 'comment', start: 1, end: 2 },
    ]);
    expect(Object.fromEntries(marks)).toEqual({ '0:0': 'highlight', '0:1': 'comment', '1:-1': 'highlight' });
  });
});
