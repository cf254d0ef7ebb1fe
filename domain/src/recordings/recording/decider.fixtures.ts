import { DeciderSpecification } from '../../testing';
import type { RecordingEvent } from '../events';
import type { TranscriptBody } from '../transcript';
import { recordingDecider } from './decider';

export const spec = DeciderSpecification.for(recordingDecider);
export const now = '2026-03-01T10:00:00.000Z';
export const media = {
  durationSeconds: 11,
  mimeType: 'audio/wav',
  mediaKind: 'audio' as const,
  formatName: 'wav',
  audioCodec: 'pcm_s16le',
};
export const transcript: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 11,
  text: 'ask not',
  segments: [],
  engine: 'test',
};

export const created: RecordingEvent = {
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
export const uploaded: RecordingEvent = {
  type: 'RecordingUploadCompleted',
  data: { recordingId: 'r1', blobKey: 'recordings/r1/original', sizeBytes: 100, completedAt: now },
};
export const probed: RecordingEvent = {
  type: 'RecordingProbed',
  data: { recordingId: 'r1', media, at: now },
};
export const requested: RecordingEvent = {
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
export const started: RecordingEvent = {
  type: 'TranscriptionStarted',
  data: { recordingId: 'r1', jobId: 'j1', workerId: 'w1', at: now },
};
export const ready = [created, uploaded, probed];
