import { describe, expect, it } from 'vitest';
import type { TranscriptPieceTranscribed } from '../events';
import { withPiece } from './partial-transcripts';

const recording = { id: 'r1', ownerId: 'u1', pieces: { done: 0, total: 3 } };
const piece = (index: number, jobId = 'job-1'): TranscriptPieceTranscribed['data'] => ({
  recordingId: 'r1',
  jobId,
  index,
  language: 'en',
  languageProbability: 0.9,
  segments: [
    { id: 0, start: index * 120, end: index * 120 + 4, text: `piece ${index}`, speaker: null, words: [] },
  ],
  engine: 'local-whisper:base',
  at: '2026-11-27T06:00:00.000Z',
});

describe('the transcript so far of a recording in pieces', () => {
  it('keeps every finished piece of the running attempt, by index', () => {
    const first = withPiece(null, recording, piece(1));
    const both = withPiece(first, recording, piece(0));
    expect(both).toMatchObject({ id: 'r1', ownerId: 'u1', jobId: 'job-1', total: 3 });
    expect(Object.keys(both.pieces).sort()).toEqual(['0', '1']);
  });

  it('starts afresh when a new attempt (another job) records its first piece', () => {
    const earlier = withPiece(withPiece(null, recording, piece(0)), recording, piece(1));
    const retried = withPiece(earlier, recording, piece(0, 'job-2'));
    expect(retried.jobId).toBe('job-2');
    expect(Object.keys(retried.pieces)).toEqual(['0']);
  });
});
