import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { RecordingEvent } from './events';
import { type RecordingCommand, recordingDecider } from './recording';
import { history, now } from './testing/completed-recording';

const spec = DeciderSpecification.for(recordingDecider);
const [created, uploaded, probed] = history;

const keep = (changes: Partial<Extract<RecordingCommand, { type: 'KeepUnreadableFile' }>> = {}) =>
  ({
    type: 'KeepUnreadableFile',
    code: 'UNSUPPORTED_MEDIA',
    message:
      'This file has no audio we can read: it is not an audio or video format, whatever its name says.',
    blobKey: 'recordings/r1/original',
    sizeBytes: 42,
    now,
    ...changes,
  }) satisfies RecordingCommand;

const kept: RecordingEvent = {
  type: 'UnreadableFileKept',
  data: {
    recordingId: 'r1',
    code: 'UNSUPPORTED_MEDIA',
    message:
      'This file has no audio we can read: it is not an audio or video format, whatever its name says.',
    blobKey: 'recordings/r1/original',
    sizeBytes: 42,
    at: now,
  },
};

describe('keeping a file whose audio could not be read', () => {
  it('keeps it as a file, with the reason it could not be read', () => {
    spec.given([created!]).when(keep()).then([kept]);
  });

  it('keeps a 0 s recording too', () => {
    spec
      .given([created!])
      .when(keep({ code: 'ZERO_LENGTH', message: 'This recording is 0 seconds long.' }))
      .then([
        {
          ...kept,
          data: { ...kept.data, code: 'ZERO_LENGTH', message: 'This recording is 0 seconds long.' },
        },
      ]);
  });

  it('changes nothing when the same file is kept twice', () => {
    spec.given([created!, kept]).when(keep()).then([]);
  });

  it('never transcribes a kept file: there is no audio to transcribe', () => {
    spec
      .given([created!, kept])
      .when({ type: 'RequestTranscription', jobId: 'j1', speakerLabels: false, period: '2026-03', now })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('refuses to keep a file for a reason other than unreadable audio (no minutes left is not one)', () => {
    spec
      .given([created!])
      .when(keep({ code: 'QUOTA_EXCEEDED' }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });

  it('refuses an empty file: there is nothing to keep', () => {
    spec
      .given([created!])
      .when(keep({ sizeBytes: 0 }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });

  it('refuses once the recording holds readable audio', () => {
    spec.given([created!, uploaded!, probed!]).when(keep()).thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('can be deleted like any recording', () => {
    spec
      .given([created!, kept])
      .when({ type: 'DeleteRecording', now, graceSeconds: 60 })
      .then([
        {
          type: 'RecordingDeleted',
          data: { recordingId: 'r1', deletedAt: now, restorableUntil: '2026-03-01T10:01:00.000Z' },
        },
      ]);
  });
});
