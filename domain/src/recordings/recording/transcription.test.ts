import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../events';
import { DomainError } from '../../kernel/errors';
import { spec, now, transcript, created, uploaded, requested, started, ready } from './decider.fixtures';

describe('a recording is transcribed', () => {
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
      .thenThrows(
        (error) =>
          error instanceof DomainError &&
          error.code === 'RECORDING_STATE_CONFLICT' &&
          error.message === 'This recording has no readable audio.',
      );
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
});
