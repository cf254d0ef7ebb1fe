import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import type { RecordingEvent } from '../events';
import { recordingDecider } from './decider';
import { mediaBlobKeys, transcriptionSourceKey } from './state';
import type { TranscriptBody } from '../transcript';

const spec = DeciderSpecification.for(recordingDecider);
const now = '2026-03-01T10:00:00.000Z';
const media = {
  durationSeconds: 11,
  mimeType: 'audio/wav',
  mediaKind: 'audio' as const,
  formatName: 'wav',
  audioCodec: 'pcm_s16le',
};
const transcript: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 11,
  text: 'ask not',
  segments: [],
  engine: 'test',
};

const created: RecordingEvent = {
  type: 'RecordingCreated',
  data: {
    recordingId: 'r1',
    ownerId: 'u1',
    title: 'JFK',
    originalFilename: 'jfk.wav',
    source: 'multipart',
    uploadId: null,
    declaredSizeBytes: 100,
    options: { language: null, translate: false },
    createdAt: now,
  },
};
const uploaded: RecordingEvent = {
  type: 'RecordingUploadCompleted',
  data: { recordingId: 'r1', blobKey: 'recordings/r1/original', sizeBytes: 100, completedAt: now },
};
const probed: RecordingEvent = { type: 'RecordingProbed', data: { recordingId: 'r1', media, at: now } };
const requested: RecordingEvent = {
  type: 'TranscriptionRequested',
  data: {
    recordingId: 'r1',
    jobId: 'j1',
    options: { language: null, translate: false },
    durationSeconds: 11,
    requestedAt: now,
    speakerLabels: false,
    period: '2026-03',
  },
};
const started: RecordingEvent = {
  type: 'TranscriptionStarted',
  data: { recordingId: 'r1', jobId: 'j1', workerId: 'w1', at: now },
};
const ready = [created, uploaded, probed];

describe('recording decider', () => {
  it('creates a recording with a tidied title', () => {
    spec
      .given([])
      .when({
        type: 'CreateRecording',
        recordingId: 'r1',
        ownerId: 'u1',
        title: '  JFK   speech ',
        originalFilename: 'jfk.wav',
        source: 'multipart',
        uploadId: null,
        declaredSizeBytes: 100,
        options: { language: null, translate: false },
        now,
      })
      .then((events) => expect(events[0]?.data).toMatchObject({ title: 'JFK speech' }));
  });

  it('requests a transcription of a probed upload with its duration and options', () => {
    spec
      .given(ready)
      .when({ type: 'RequestTranscription', jobId: 'j1', speakerLabels: false, period: '2026-03', now })
      .then([requested]);
  });

  it('refuses to transcribe before the file is probed', () => {
    spec
      .given([created, uploaded])
      .when({ type: 'RequestTranscription', jobId: 'j1', speakerLabels: false, period: '2026-03', now })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('completes once: a second completion of the same job (a restarted worker) adds no second transcript', () => {
    const completed: RecordingEvent = {
      type: 'TranscriptionCompleted',
      data: { recordingId: 'r1', jobId: 'j1', transcript, completedAt: now },
    };
    spec
      .given([...ready, requested, started])
      .when({ type: 'CompleteTranscription', jobId: 'j1', transcript, now })
      .then([completed]);
    spec
      .given([...ready, requested, started, completed])
      .when({ type: 'CompleteTranscription', jobId: 'j1', transcript, now })
      .thenNothingHappens();
  });

  it('ignores reports from a job that is no longer the current one', () => {
    spec
      .given([...ready, requested, started])
      .when({ type: 'ProgressTranscription', jobId: 'old', progress: 0.5, now })
      .thenNothingHappens();
    spec
      .given([...ready, requested, started])
      .when({ type: 'CompleteTranscription', jobId: 'old', transcript, now })
      .thenNothingHappens();
  });

  it('keeps progress moving forward only', () => {
    spec
      .given([
        ...ready,
        requested,
        started,
        { type: 'TranscriptionProgressed', data: { recordingId: 'r1', jobId: 'j1', progress: 0.6, at: now } },
      ])
      .when({ type: 'ProgressTranscription', jobId: 'j1', progress: 0.4, now })
      .thenNothingHappens();
  });

  it('cancels a running transcription, and a late completion after that changes nothing', () => {
    const cancelled: RecordingEvent = {
      type: 'TranscriptionCancelled',
      data: { recordingId: 'r1', jobId: 'j1', at: now },
    };
    spec
      .given([...ready, requested, started])
      .when({ type: 'CancelTranscription', now })
      .then([cancelled]);
    spec
      .given([...ready, requested, started, cancelled])
      .when({ type: 'CompleteTranscription', jobId: 'j1', transcript, now })
      .thenNothingHappens();
  });

  it('refuses to cancel a completed transcription', () => {
    spec
      .given([
        ...ready,
        requested,
        started,
        {
          type: 'TranscriptionCompleted',
          data: { recordingId: 'r1', jobId: 'j1', transcript, completedAt: now },
        },
      ])
      .when({ type: 'CancelTranscription', now })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('retries a failed transcription as a new job', () => {
    const failed: RecordingEvent = {
      type: 'TranscriptionFailed',
      data: { recordingId: 'r1', jobId: 'j1', code: 'SPEECH_FAILED', message: 'x', at: now },
    };
    spec
      .given([...ready, requested, failed])
      .when({ type: 'RequestTranscription', jobId: 'j2', speakerLabels: false, period: '2026-03', now })
      .then((events) =>
        expect(events[0]).toMatchObject({ type: 'TranscriptionRequested', data: { jobId: 'j2' } }),
      );
  });

  it('deletes with a grace period, restores within it and refuses after it', () => {
    const deleted: RecordingEvent = {
      type: 'RecordingDeleted',
      data: { recordingId: 'r1', deletedAt: now, restorableUntil: '2026-03-01T10:01:00.000Z' },
    };
    spec.given(ready).when({ type: 'DeleteRecording', now, graceSeconds: 60 }).then([deleted]);
    spec
      .given([...ready, deleted])
      .when({ type: 'RestoreRecording', now: '2026-03-01T10:00:30.000Z' })
      .then([{ type: 'RecordingRestored', data: { recordingId: 'r1', at: '2026-03-01T10:00:30.000Z' } }]);
    spec
      .given([...ready, deleted])
      .when({ type: 'RestoreRecording', now: '2026-03-01T10:02:00.000Z' })
      .thenThrows({ code: 'RESTORE_EXPIRED' });
    spec
      .given([...ready, deleted])
      .when({ type: 'RenameRecording', title: 'x', now })
      .thenThrows({ code: 'NOT_FOUND' });
  });

  it('deleting a recording being transcribed cancels the transcription first', () => {
    spec
      .given([...ready, requested, started])
      .when({ type: 'DeleteRecording', now, graceSeconds: 60 })
      .then([
        { type: 'TranscriptionCancelled', data: { recordingId: 'r1', jobId: 'j1', at: now } },
        {
          type: 'RecordingDeleted',
          data: { recordingId: 'r1', deletedAt: now, restorableUntil: '2026-03-01T10:01:00.000Z' },
        },
      ]);
  });

  it('erases a recording of an erased account at once: work stopped, media purged, no grace, once', () => {
    const erasedAt = '2026-03-01T10:05:00.000Z';
    const erased: RecordingEvent[] = [
      { type: 'TranscriptionCancelled', data: { recordingId: 'r1', jobId: 'j1', at: erasedAt } },
      {
        type: 'RecordingDeleted',
        data: { recordingId: 'r1', deletedAt: erasedAt, restorableUntil: erasedAt },
      },
      {
        type: 'RecordingMediaPurged',
        data: { recordingId: 'r1', blobKeys: ['recordings/r1/original'], at: erasedAt },
      },
      { type: 'RecordingErased', data: { recordingId: 'r1', at: erasedAt } },
    ];
    spec
      .given([...ready, requested, started])
      .when({ type: 'EraseRecording', now: erasedAt })
      .then(erased);
    spec
      .given([...ready, requested, started, ...erased])
      .when({ type: 'EraseRecording', now: erasedAt })
      .then([]);
    // A worker finishing late must not bring the transcript back.
    spec
      .given([...ready, requested, started, ...erased])
      .when({ type: 'CompleteTranscription', jobId: 'j1', transcript, now: erasedAt })
      .thenThrows({ code: 'NOT_FOUND' });
  });

  it('keeps the lossless source of a live recording beside its media, transcribes from it, and erases both', () => {
    const liveUpload = {
      type: 'CompleteUpload' as const,
      blobKey: 'recordings/r1/original',
      sourceBlobKey: 'recordings/r1/source.flac',
      sizeBytes: 100,
      now,
    };
    const liveUploaded: RecordingEvent = {
      type: 'RecordingUploadCompleted',
      data: {
        recordingId: 'r1',
        blobKey: 'recordings/r1/original',
        sourceBlobKey: 'recordings/r1/source.flac',
        sizeBytes: 100,
        completedAt: now,
      },
    };
    spec.given([created]).when(liveUpload).then([liveUploaded]);
    const state = [created, liveUploaded, probed].reduce(
      recordingDecider.evolve,
      recordingDecider.initialState(),
    );
    expect(transcriptionSourceKey(state)).toBe('recordings/r1/source.flac');
    expect(mediaBlobKeys(state)).toEqual(['recordings/r1/original', 'recordings/r1/source.flac']);
    const uploadState = ready.reduce(recordingDecider.evolve, recordingDecider.initialState());
    expect(transcriptionSourceKey(uploadState)).toBe('recordings/r1/original');
    spec
      .given([created, liveUploaded, probed])
      .when({ type: 'EraseRecording', now })
      .then([
        {
          type: 'RecordingDeleted',
          data: { recordingId: 'r1', deletedAt: now, restorableUntil: now },
        },
        {
          type: 'RecordingMediaPurged',
          data: {
            recordingId: 'r1',
            blobKeys: ['recordings/r1/original', 'recordings/r1/source.flac'],
            at: now,
          },
        },
        { type: 'RecordingErased', data: { recordingId: 'r1', at: now } },
      ]);
  });

  it('erases media only after the grace period of a deleted recording, once', () => {
    const deleted: RecordingEvent = {
      type: 'RecordingDeleted',
      data: { recordingId: 'r1', deletedAt: now, restorableUntil: '2026-03-01T10:01:00.000Z' },
    };
    const blobKeys = ['recordings/r1/original'];
    const purged: RecordingEvent = {
      type: 'RecordingMediaPurged',
      data: { recordingId: 'r1', blobKeys, at: '2026-03-01T10:02:00.000Z' },
    };
    spec
      .given([...ready, deleted])
      .when({ type: 'PurgeMedia', blobKeys, now: '2026-03-01T10:00:30.000Z' })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
    spec
      .given(ready)
      .when({ type: 'PurgeMedia', blobKeys, now })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
    spec
      .given([...ready, deleted])
      .when({ type: 'PurgeMedia', blobKeys, now: '2026-03-01T10:02:00.000Z' })
      .then([purged]);
    spec
      .given([...ready, deleted, purged])
      .when({ type: 'PurgeMedia', blobKeys, now: '2026-03-01T10:03:00.000Z' })
      .then([]);
    spec
      .given([...ready, deleted, purged])
      .when({ type: 'RestoreRecording', now: '2026-03-01T10:00:30.000Z' })
      .thenThrows({ code: 'RESTORE_EXPIRED' });
  });

  it('records upload progress while bytes arrive, forward only and below 1 until stored', () => {
    const tus: RecordingEvent = {
      type: 'RecordingCreated',
      data: { ...(created.data as object), source: 'tus', uploadId: 'up1' } as never,
    };
    const half: RecordingEvent = {
      type: 'RecordingUploadProgressed',
      data: { recordingId: 'r1', receivedBytes: 50, progress: 0.5, at: now },
    };
    spec
      .given([tus])
      .when({ type: 'ReportUploadProgress', receivedBytes: 50, totalBytes: 100, now })
      .then([half]);
    spec
      .given([tus, half])
      .when({ type: 'ReportUploadProgress', receivedBytes: 40, totalBytes: 100, now })
      .then([]);
    spec
      .given([tus, half])
      .when({ type: 'ReportUploadProgress', receivedBytes: 100, totalBytes: 100, now })
      .then([
        {
          type: 'RecordingUploadProgressed',
          data: { recordingId: 'r1', receivedBytes: 100, progress: 0.99, at: now },
        },
      ]);
    spec.given(ready).when({ type: 'ReportUploadProgress', receivedBytes: 1, totalBytes: 100, now }).then([]);
  });

  it('refuses an empty title', () => {
    spec
      .given(ready)
      .when({ type: 'RenameRecording', title: '   ', now })
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });
});
