import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../events';
import { mediaBlobKeys, transcriptionSourceKey } from './state';
import { recordingDecider } from './decider';
import { spec, now, transcript, created, probed, requested, started, ready } from './decider.fixtures';

describe('a recording is deleted, restored and erased', () => {
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

  it("retires the media of a kept recording under its workspace's retention: the transcript stays, once", () => {
    const blobKeys = ['recordings/r1/original'];
    const retired: RecordingEvent = {
      type: 'RecordingMediaPurged',
      data: { recordingId: 'r1', blobKeys, at: now, reason: 'retention' },
    };
    spec.given(ready).when({ type: 'RetireMedia', blobKeys, now }).then([retired]);
    spec
      .given([...ready, retired])
      .when({ type: 'RetireMedia', blobKeys, now })
      .then([]);
    spec
      .given([...ready, requested, started])
      .when({ type: 'RetireMedia', blobKeys, now })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
    const before = ready.reduce(recordingDecider.evolve, recordingDecider.initialState());
    const after = [...ready, retired].reduce(recordingDecider.evolve, recordingDecider.initialState());
    expect({ status: after.status, purged: after.purged, deleted: after.deleted }).toEqual({
      status: before.status,
      purged: true,
      deleted: null,
    });
  });
});
