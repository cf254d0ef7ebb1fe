import { describe, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import type { TranscriptionSplit } from '../events';
import { history, now } from '../testing/completed-recording';
import { transcriptionJobsWorkflow } from './transcription-jobs.workflow';

const spec = WorkflowSpecification.for(transcriptionJobsWorkflow);
const created = history.slice(0, 3);
const requested = (fields: { speakerLabels?: boolean; period?: string } = {}) =>
  ({
    type: 'TranscriptionRequested',
    data: {
      recordingId: 'r1',
      jobId: 'j1',
      options: { language: null, translate: false },
      durationSeconds: 600,
      requestedAt: now,
      ...fields,
    },
  }) as const;
const pieces = [
  { index: 0, start: 0, end: 121.4 },
  { index: 1, start: 121.4, end: 240.2 },
];
const split: TranscriptionSplit = {
  type: 'TranscriptionSplit',
  data: { recordingId: 'r1', jobId: 'j1', pieces, speakerLabels: true, at: now },
};
const cancelled = (jobId: string | null) =>
  ({ type: 'TranscriptionCancelled', data: { recordingId: 'r1', jobId, at: now } }) as const;

describe('transcription jobs: requests become jobs in the fair line', () => {
  it('a request becomes its job, with the speaker labels and usage period decided at the request and its length', () =>
    spec
      .given(created)
      .when(requested({ speakerLabels: true, period: '2026-W09' }))
      .then([
        {
          type: 'EnqueueTranscriptionJob',
          jobId: 'j1',
          recordingId: 'r1',
          ownerId: 'u1',
          speakerLabels: true,
          period: '2026-W09',
          durationSeconds: 600,
        },
      ]));

  it('a request older than those fields bills the month it was made in, and leaves the labels to the plan', () =>
    spec
      .given(created)
      .when(requested())
      .then([
        {
          type: 'EnqueueTranscriptionJob',
          jobId: 'j1',
          recordingId: 'r1',
          ownerId: 'u1',
          speakerLabels: null,
          period: '2026-03',
          durationSeconds: 600,
        },
      ]));

  it('a long file cut into pieces becomes one job per piece, keyed by the file job and the index', () =>
    spec
      .given([...created, requested()])
      .when(split)
      .then(
        pieces.map((piece) => ({
          type: 'EnqueuePieceJob' as const,
          jobId: `j1-p${piece.index}`,
          fileJobId: 'j1',
          recordingId: 'r1',
          ownerId: 'u1',
          piece,
          total: 2,
          speakerLabels: true,
        })),
      ));

  it('a cancel cancels the job and every piece of it', () =>
    spec
      .given([...created, requested(), split])
      .when(cancelled('j1'))
      .then([
        { type: 'CancelJob', jobId: 'j1' },
        { type: 'CancelJob', jobId: 'j1-p0' },
        { type: 'CancelJob', jobId: 'j1-p1' },
      ]));

  it('a cancel before any request has no job to cancel', () =>
    spec.given(created).when(cancelled(null)).thenNothingIsSent());
});
