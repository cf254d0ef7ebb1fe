import type { RecordingEvent } from '../events';
import type { TranscriptBody } from '../transcript';

// A recording of 6 s, uploaded, probed and transcribed: the history the transcript specs start from.

export const now = '2026-03-01T10:00:00.000Z';
const media = {
  durationSeconds: 6,
  mimeType: 'audio/wav',
  mediaKind: 'audio' as const,
  formatName: 'wav',
  audioCodec: 'pcm_s16le',
};
export const transcript: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 6,
  text: 'ask not what your country can do',
  segments: [
    {
      id: 0,
      start: 0,
      end: 2,
      text: ' ask not',
      speaker: 'SPEAKER_00',
      words: [
        { start: 0, end: 1, text: 'ask', probability: 0.9 },
        { start: 1, end: 2, text: 'not', probability: 0.9 },
      ],
    },
    { id: 1, start: 2, end: 6, text: ' what your country can do', speaker: 'SPEAKER_01', words: [] },
    { id: 2, start: 6, end: 6, text: ' thanks', speaker: 'SPEAKER_00', words: [] },
  ],
  engine: 'test',
};

/**
 * A recording of `durationSeconds` (title and file name say what it is), created, uploaded and probed: `ready`;
 * then its transcription requested as job j1 and started by worker w1 (the request says labels and period).
 */
export const recordingOf = (durationSeconds: number, title = 'JFK', filename = 'jfk.wav') => {
  const mediaOf = { ...media, durationSeconds };
  const options = { language: null, translate: false };
  const created: RecordingEvent = {
    type: 'RecordingCreated',
    data: {
      recordingId: 'r1',
      ownerId: 'u1',
      title,
      originalFilename: filename,
      source: 'multipart',
      uploadId: null,
      declaredSizeBytes: 100,
      options,
      createdAt: now,
    },
  };
  const uploaded: RecordingEvent = {
    type: 'RecordingUploadCompleted',
    data: { recordingId: 'r1', blobKey: 'recordings/r1/original', sizeBytes: 100, completedAt: now },
  };
  const probed: RecordingEvent = {
    type: 'RecordingProbed',
    data: { recordingId: 'r1', media: mediaOf, at: now },
  };
  const requested: RecordingEvent = {
    type: 'TranscriptionRequested',
    data: {
      recordingId: 'r1',
      jobId: 'j1',
      options,
      durationSeconds,
      requestedAt: now,
      speakerLabels: false,
      period: '2026-03',
    },
  };
  const started: RecordingEvent = {
    type: 'TranscriptionStarted',
    data: { recordingId: 'r1', jobId: 'j1', workerId: 'w1', at: now },
  };
  return {
    media: mediaOf,
    created,
    uploaded,
    probed,
    requested,
    started,
    ready: [created, uploaded, probed],
  };
};

export const history: RecordingEvent[] = [
  {
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
  },
  {
    type: 'RecordingUploadCompleted',
    data: { recordingId: 'r1', blobKey: 'recordings/r1/original', sizeBytes: 100, completedAt: now },
  },
  { type: 'RecordingProbed', data: { recordingId: 'r1', media, at: now } },
  {
    type: 'TranscriptionRequested',
    data: {
      recordingId: 'r1',
      jobId: 'j1',
      options: { language: null, translate: false },
      durationSeconds: 6,
      requestedAt: now,
    },
  },
];
/** The same recording, transcribed into `body`. */
export const completedWith = (body: TranscriptBody): RecordingEvent[] => [
  ...history,
  {
    type: 'TranscriptionCompleted',
    data: { recordingId: 'r1', jobId: 'j1', transcript: body, completedAt: now },
  },
];
export const completed: RecordingEvent[] = completedWith(transcript);
