import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { TranslationEvent } from './events';
import { type TranslationCommand, translationDecider } from './translation.decider';

const spec = DeciderSpecification.for(translationDecider);
const now = '2026-03-01T10:00:00.000Z';

const request: TranslationCommand = {
  type: 'RequestTranslation',
  recordingId: 'r1',
  recordingStatus: 'completed',
  ownerId: 'u1',
  jobId: 'j1',
  source: 'es',
  target: 'en',
  engine: 'local',
  transcriptVersion: 1,
  now,
};
const requested: TranslationEvent = {
  type: 'TranslationRequested',
  data: {
    recordingId: 'r1',
    ownerId: 'u1',
    jobId: 'j1',
    source: 'es',
    target: 'en',
    engine: 'local',
    transcriptVersion: 1,
    requestedAt: now,
  },
};

describe('translation', () => {
  it('records a request for a pair the engine supports', () =>
    spec.given([]).when(request).then([requested]));

  it('refuses while the transcript is still being made, or has no language yet', () => {
    spec
      .given([])
      .when({ ...request, recordingStatus: 'transcribing' })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
    spec
      .given([])
      .when({ ...request, source: null })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('refuses a pair the engine cannot do, saying which', () => {
    spec
      .given([])
      .when({ ...request, engine: 'whisper', target: 'de' })
      .thenThrows({
        code: 'TRANSLATION_PAIR_UNSUPPORTED',
      });
    spec
      .given([])
      .when({ ...request, target: 'xx' })
      .thenThrows({ code: 'TRANSLATION_PAIR_UNSUPPORTED' });
    spec
      .given([])
      .when({ ...request, target: 'es' })
      .thenThrows({ code: 'TRANSLATION_PAIR_UNSUPPORTED' });
  });

  it('lets Whisper translate into English only', () =>
    spec
      .given([])
      .when({ ...request, engine: 'whisper' })
      .then([{ type: 'TranslationRequested', data: { ...requested.data, engine: 'whisper' } }]));

  it('refuses a second request while one runs', () =>
    spec
      .given([requested])
      .when({ ...request, jobId: 'j2' })
      .thenThrows({ code: 'TRANSLATION_STATE_CONFLICT' }));

  it('keeps every segment’s times in the result', () =>
    spec
      .given([requested])
      .when({
        type: 'CompleteTranslation',
        jobId: 'j1',
        segments: [{ start: 1.5, end: 4, text: ' Hello   world ' }],
        engineName: 'local:test',
        transcriptVersion: 1,
        now,
      })
      .then([
        {
          type: 'TranslationCompleted',
          data: {
            recordingId: 'r1',
            target: 'en',
            jobId: 'j1',
            segments: [{ start: 1.5, end: 4, text: 'Hello world' }],
            engineName: 'local:test',
            transcriptVersion: 1,
            completedAt: now,
          },
        },
      ]));

  it('refuses the result of a cancelled job', () =>
    spec
      .given([
        requested,
        { type: 'TranslationCancelled', data: { recordingId: 'r1', target: 'en', jobId: 'j1', at: now } },
      ])
      .when({
        type: 'CompleteTranslation',
        jobId: 'j1',
        segments: [],
        engineName: 'x',
        transcriptVersion: 1,
        now,
      })
      .thenThrows({ code: 'JOB_LEASE_LOST' }));
});
