import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../jobs/events';
import type { RecordingEvent } from './events';
import { dueHousekeeping, emptyHousekeeping, trackHousekeeping } from './housekeeping';

const t = (s: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, s)).toISOString();
const created = (id: string): RecordingEvent => ({
  type: 'RecordingCreated',
  data: {
    recordingId: id,
    ownerId: 'u1',
    title: id,
    originalFilename: null,
    source: 'multipart',
    uploadId: null,
    declaredSizeBytes: 1,
    options: { language: null, translate: false },
    createdAt: t(0),
  },
});
const uploaded = (id: string): RecordingEvent => ({
  type: 'RecordingUploadCompleted',
  data: { recordingId: id, blobKey: `recordings/${id}/original`, sizeBytes: 1, completedAt: t(0) },
});
const requested = (id: string, jobId: string, at = t(1)): RecordingEvent => ({
  type: 'TranscriptionRequested',
  data: {
    recordingId: id,
    jobId,
    options: { language: null, translate: false },
    durationSeconds: 11,
    requestedAt: at,
  },
});
const jobRequested = (jobId: string, subjectId: string): JobEvent => ({
  type: 'JobRequested',
  data: {
    jobId,
    kind: 'transcription',
    subjectId,
    ownerId: 'u1',
    payload: {},
    maxAttempts: 3,
    requestedAt: t(1),
  },
});

const fold = (events: (RecordingEvent | JobEvent)[]) => {
  const state = emptyHousekeeping();
  for (const e of events) trackHousekeeping(state, e);
  return state;
};

describe('housekeeping: what the job workers repair', () => {
  it('re-enqueues a requested transcription whose job was never written, once the request has settled', () => {
    const state = fold([created('r1'), uploaded('r1'), requested('r1', 'j1')]);
    expect(dueHousekeeping(state, new Date(t(2)), 5_000).enqueue).toEqual([]);
    expect(dueHousekeeping(state, new Date(t(10)), 5_000).enqueue).toEqual([
      { recordingId: 'r1', ownerId: 'u1', jobId: 'j1', requestedAt: t(1) },
    ]);
  });

  it('leaves a transcription alone when its job exists, is running, or is finished', () => {
    const state = fold([created('r1'), uploaded('r1'), requested('r1', 'j1'), jobRequested('j1', 'r1')]);
    expect(dueHousekeeping(state, new Date(t(60)), 5_000)).toEqual({ enqueue: [], failDead: [], purge: [] });
  });

  it('fails a recording whose job died while it still says queued', () => {
    const state = fold([
      created('r1'),
      uploaded('r1'),
      requested('r1', 'j1'),
      jobRequested('j1', 'r1'),
      {
        type: 'JobFailed',
        data: { jobId: 'j1', workerId: 'w', attempt: 3, reason: 'boom', retryAt: null, at: t(20) },
      },
    ]);
    expect(dueHousekeeping(state, new Date(t(40)), 5_000).failDead).toEqual([
      { recordingId: 'r1', ownerId: 'u1', jobId: 'j1', requestedAt: t(1), reason: 'boom' },
    ]);
  });

  it('does not fail a recording for a failure that will be retried', () => {
    const state = fold([
      created('r1'),
      requested('r1', 'j1'),
      jobRequested('j1', 'r1'),
      {
        type: 'JobFailed',
        data: { jobId: 'j1', workerId: 'w', attempt: 1, reason: 'x', retryAt: t(30), at: t(20) },
      },
    ]);
    expect(dueHousekeeping(state, new Date(t(59)), 5_000).failDead).toEqual([]);
  });

  it('erases the media of a deleted recording once its restore grace period is over, and only once', () => {
    const deleted: RecordingEvent = {
      type: 'RecordingDeleted',
      data: { recordingId: 'r1', deletedAt: t(5), restorableUntil: t(30) },
    };
    const state = fold([created('r1'), uploaded('r1'), deleted]);
    expect(dueHousekeeping(state, new Date(t(29)), 0).purge).toEqual([]);
    expect(dueHousekeeping(state, new Date(t(31)), 0).purge).toEqual([
      { recordingId: 'r1', blobKeys: ['recordings/r1/original'] },
    ]);
    trackHousekeeping(state, {
      type: 'RecordingMediaPurged',
      data: { recordingId: 'r1', blobKeys: ['recordings/r1/original'], at: t(31) },
    });
    expect(dueHousekeeping(state, new Date(t(59)), 0).purge).toEqual([]);
  });

  it('keeps the media of a recording restored in time', () => {
    const state = fold([
      created('r1'),
      uploaded('r1'),
      { type: 'RecordingDeleted', data: { recordingId: 'r1', deletedAt: t(5), restorableUntil: t(30) } },
      { type: 'RecordingRestored', data: { recordingId: 'r1', at: t(10) } },
    ]);
    expect(dueHousekeeping(state, new Date(t(59)), 0).purge).toEqual([]);
  });
});
