import { describe, expect, it } from 'vitest';
import { foldEvents } from '../kernel/decider';
import type { RecordingEvent } from './events';
import { recordingDecider } from './recording';
import { uploadRecoveryStep, type UploadOnDisk } from './upload-recovery';

const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, s));
const media = {
  durationSeconds: 11,
  mimeType: 'audio/wav',
  mediaKind: 'audio' as const,
  formatName: 'wav',
  audioCodec: 'pcm_s16le',
};
const created = (source: 'multipart' | 'tus'): RecordingEvent => ({
  type: 'RecordingCreated',
  data: {
    recordingId: 'r1',
    ownerId: 'u1',
    title: 'Meeting',
    originalFilename: 'meeting.wav',
    source,
    uploadId: source === 'tus' ? 'up1' : null,
    declaredSizeBytes: 100,
    options: { language: null, translate: false },
    createdAt: at(0).toISOString(),
  },
});
const probed: RecordingEvent = {
  type: 'RecordingProbed',
  data: { recordingId: 'r1', media, at: at(1).toISOString() },
};
const stored: RecordingEvent = {
  type: 'RecordingUploadCompleted',
  data: {
    recordingId: 'r1',
    blobKey: 'recordings/r1/original',
    sizeBytes: 100,
    completedAt: at(2).toISOString(),
  },
};
const requested: RecordingEvent = {
  type: 'TranscriptionRequested',
  data: {
    recordingId: 'r1',
    jobId: 'j1',
    options: { language: null, translate: false },
    durationSeconds: 11,
    requestedAt: at(3).toISOString(),
  },
};

const step = (events: RecordingEvent[], options: { idleS?: number; upload?: UploadOnDisk | null } = {}) =>
  uploadRecoveryStep({
    state: foldEvents(recordingDecider, events),
    lastActivityAt: at(10),
    now: at(10 + (options.idleS ?? 600)),
    settleMs: 60_000,
    expiryMs: 3_600_000,
    upload: options.upload ?? null,
  }).kind;

describe('recovering an upload whose process stopped before queued or a refusal', () => {
  it('leaves a recording alone while its last activity is recent (a live request may still finish it)', () => {
    expect(step([created('multipart')], { idleS: 30 })).toBe('wait');
  });

  it('requests the transcription when the bytes were stored and probed (died before queueing)', () => {
    expect(step([created('multipart'), probed, stored])).toBe('request');
    expect(step([created('tus'), probed, stored])).toBe('request');
  });

  it('refuses a one-request upload cut short: its bytes died with the process', () => {
    expect(step([created('multipart')])).toBe('fail');
    expect(step([created('multipart'), probed])).toBe('fail');
  });

  it('finishes a resumable upload whose every byte is on disk (HEAD tells the client it is complete)', () => {
    expect(step([created('tus')], { upload: { offset: 100, size: 100 } })).toBe('finish');
    expect(step([created('tus'), probed], { upload: { offset: 100, size: 100 } })).toBe('finish');
  });

  it('waits for a paused resumable upload, and expires it once abandoned', () => {
    expect(step([created('tus')], { upload: { offset: 40, size: 100 } })).toBe('wait');
    expect(step([created('tus')], { upload: { offset: 40, size: 100 }, idleS: 3600 })).toBe('expire');
  });

  it('refuses a resumable upload whose file is gone (never created, or removed)', () => {
    expect(step([created('tus')])).toBe('fail');
  });

  it('does nothing once the recording is queued, refused, cancelled or deleted', () => {
    expect(step([created('multipart'), probed, stored, requested])).toBe('wait');
    const rejected: RecordingEvent = {
      type: 'RecordingRejected',
      data: { recordingId: 'r1', code: 'X', message: 'x', at: at(2).toISOString() },
    };
    expect(step([created('multipart'), rejected])).toBe('wait');
    const deleted: RecordingEvent = {
      type: 'RecordingDeleted',
      data: { recordingId: 'r1', deletedAt: at(2).toISOString(), restorableUntil: at(99).toISOString() },
    };
    expect(step([created('tus'), deleted], { upload: { offset: 100, size: 100 } })).toBe('wait');
  });
});
