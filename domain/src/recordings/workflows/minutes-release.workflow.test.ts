import { describe, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import type { RecordingEvent } from '../events';
import { history, now } from '../testing/completed-recording';
import { minutesReleaseWorkflow } from './minutes-release.workflow';

const spec = WorkflowSpecification.for(minutesReleaseWorkflow);
const requested = (jobId: string, period?: string): RecordingEvent => ({
  type: 'TranscriptionRequested',
  data: {
    recordingId: 'r1',
    jobId,
    options: { language: null, translate: false },
    durationSeconds: 6,
    requestedAt: now,
    ...(period === undefined ? {} : { period }),
  },
});
const failed = (jobId: string) =>
  ({
    type: 'TranscriptionFailed',
    data: { recordingId: 'r1', jobId, code: 'SPEECH_FAILED', message: 'the worker died', at: now },
  }) as const;
const cancelled = (jobId: string | null) =>
  ({ type: 'TranscriptionCancelled', data: { recordingId: 'r1', jobId, at: now } }) as const;
const release = (jobId: string, reason: 'failed' | 'cancelled', period: string | null) => ({
  type: 'ReleaseAttemptMinutes' as const,
  ownerId: 'u1',
  recordingId: 'r1',
  jobId,
  period,
  requestedAt: now,
  reason,
});

describe('minutes release: an attempt that ends without a transcript gives its minutes back', () => {
  it('a failed transcription releases the minutes reserved in its request period', () =>
    spec
      .given([...history.slice(0, 3), requested('j1', '2026-03')])
      .when(failed('j1'))
      .then([release('j1', 'failed', '2026-03')]));

  it('a cancelled one releases them too', () =>
    spec
      .given([...history.slice(0, 3), requested('j1', '2026-03')])
      .when(cancelled('j1'))
      .then([release('j1', 'cancelled', '2026-03')]));

  it('a request older than the period field leaves the period to be found from when it was made', () =>
    spec
      .given(history)
      .when(failed('j1'))
      .then([release('j1', 'failed', null)]));

  it('an old failure heard after a retry releases nothing: the retry owns the reservation', () =>
    spec
      .given([...history, failed('j1'), requested('j2', '2026-03')])
      .when(failed('j1'))
      .thenNothingIsSent());

  it('a cancel before any request has nothing to give back', () =>
    spec.given(history.slice(0, 3)).when(cancelled(null)).thenNothingIsSent());
});
