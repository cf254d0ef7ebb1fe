import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../../recordings/events';
import { WorkflowSpecification } from '../../testing';
import type { LiveSessionEvent } from '../events';
import { liveRecordingsWorkflow, type LiveRecordingStep } from './live-recordings.workflow';

const spec = WorkflowSpecification.for(liveRecordingsWorkflow);
const at = '2026-03-01T10:00:00.000Z';
const started: LiveSessionEvent = {
  type: 'LiveSessionStarted',
  data: {
    sessionId: 's1',
    ownerId: 'u1',
    title: 'Standup',
    language: 'en',
    allowanceSeconds: 600,
    startedAt: '2026-03-01T09:59:00.000Z',
  },
};
const stored = (from: number, to: number, bytes: number): LiveSessionEvent => ({
  type: 'LiveAudioStored',
  data: {
    sessionId: 's1',
    fromSequence: from,
    toSequence: to,
    blobKey: `live/s1/${from}-${to}.pcm`,
    bytes,
    totalSeconds: 0,
    at,
  },
});
const stopped: Extract<LiveSessionEvent, { type: 'LiveSessionStopped' }> = {
  type: 'LiveSessionStopped',
  data: { sessionId: 's1', reason: 'user', totalSeconds: 3, at },
};
const finalized: LiveSessionEvent = {
  type: 'LiveSessionFinalized',
  data: { sessionId: 's1', recordingId: 's1', at },
};
// Three seconds of audio in two batches.
const recorded = [started, stored(1, 10, 32_000), stored(11, 30, 64_000)];
const batches = [
  { fromSequence: 1, toSequence: 10, blobKey: 'live/s1/1-10.pcm', bytes: 32_000 },
  { fromSequence: 11, toSequence: 30, blobKey: 'live/s1/11-30.pcm', bytes: 64_000 },
];

const created: RecordingEvent = {
  type: 'RecordingCreated',
  data: {
    recordingId: 's1',
    ownerId: 'u1',
    title: 'Standup',
    originalFilename: null,
    source: 'live',
    uploadId: null,
    declaredSizeBytes: null,
    options: { language: 'en', translate: false },
    createdAt: at,
  },
};
const uploaded: RecordingEvent = {
  type: 'RecordingUploadCompleted',
  data: {
    recordingId: 's1',
    blobKey: 'recordings/s1/original',
    sourceBlobKey: 'recordings/s1/source',
    sizeBytes: 100,
    completedAt: at,
  },
};
const requested: RecordingEvent = {
  type: 'TranscriptionRequested',
  data: {
    recordingId: 's1',
    jobId: 'j1',
    options: { language: 'en', translate: false },
    durationSeconds: 3,
    requestedAt: at,
    speakerLabels: false,
    period: '2026-03',
  },
};
const rejected: RecordingEvent = {
  type: 'RecordingRejected',
  data: { recordingId: 's1', code: 'QUOTA_EXCEEDED', message: 'No minutes left.', at },
};

const settle: LiveRecordingStep = {
  type: 'SettleLiveMinutes',
  ownerId: 'u1',
  sessionId: 's1',
  startedAt: '2026-03-01T09:59:00.000Z',
  recordedSeconds: 3,
};
const create: LiveRecordingStep = {
  type: 'CreateLiveRecording',
  recordingId: 's1',
  ownerId: 'u1',
  title: 'Standup',
  language: 'en',
  workspaceId: null,
};
const store: LiveRecordingStep = { type: 'StoreLiveAudio', recordingId: 's1', batches };
const request: LiveRecordingStep = { type: 'RequestLiveTranscription', recordingId: 's1', ownerId: 'u1' };
const finalize: LiveRecordingStep = { type: 'FinalizeLiveSession', sessionId: 's1', recordingId: 's1' };
const deleteFrames: LiveRecordingStep = {
  type: 'DeleteLiveFrames',
  blobKeys: ['live/s1/1-10.pcm', 'live/s1/11-30.pcm'],
};

describe('a stopped live session becomes a recording', () => {
  it('settles the hold, then creates, stores, requests, finalizes and deletes the frames, in that order', () => {
    spec.given(recorded).when(stopped).then([settle, create, store, request, finalize, deleteFrames]);
  });

  it('creates the recording in the workspace the session was started for', () => {
    const inWorkspace = { ...started, data: { ...started.data, workspaceId: 'w1' } };
    spec
      .given([inWorkspace, ...recorded.slice(1)])
      .when(stopped)
      .then([settle, { ...create, workspaceId: 'w1' }, store, request, finalize, deleteFrames]);
  });

  it('gives the whole hold back for a session that recorded nothing, and makes no recording', () => {
    spec
      .given([started])
      .when(stopped)
      .then([{ ...settle, recordedSeconds: 0 }]);
  });

  describe('a replay after a crash resumes where the last run stopped', () => {
    it('after the recording was created: stores its media, nothing twice', () => {
      spec
        .given([...recorded, created])
        .when(stopped)
        .then([settle, store, request, finalize, deleteFrames]);
    });
    it('after the media was stored: asks for the transcription', () => {
      spec
        .given([...recorded, created, uploaded])
        .when(stopped)
        .then([settle, request, finalize, deleteFrames]);
    });
    it('after the transcription was asked for: the hold is not settled again (it bills from there on)', () => {
      spec
        .given([...recorded, created, uploaded, requested])
        .when(stopped)
        .then([finalize, deleteFrames]);
    });
    it('after a refusal for want of minutes: the recording keeps it, nothing is asked again', () => {
      spec
        .given([...recorded, created, uploaded, rejected])
        .when(stopped)
        .then([settle, finalize, deleteFrames]);
    });
    it('after the finalize: only the frames are left to delete', () => {
      // The finalize follows the stop on the stream, which the spec's history (input last) cannot say.
      const stream = [...recorded, stopped, finalized];
      const state = stream.reduce(liveRecordingsWorkflow.evolve, liveRecordingsWorkflow.initialState());
      expect(liveRecordingsWorkflow.decide(stopped, state)).toEqual([deleteFrames]);
    });
  });
});
