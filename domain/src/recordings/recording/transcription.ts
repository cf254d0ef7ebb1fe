import type { RecordingEvent } from '../events';
import type { RecordingCommandOf } from './commands';
import { conflict, type RecordingState } from './state';

// The worker's messages (start, progress, complete, fail) carry the job id, so a late one from an abandoned attempt
// (its lease expired and another worker took over, or the user cancelled) changes nothing.

export const requestTranscription = (
  command: RecordingCommandOf<'RequestTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.jobId === command.jobId) return [];
  if (!state.media || !state.blobKey)
    throw conflict('This recording has no readable audio yet, so it cannot be transcribed.');
  if (state.status === 'queued' || state.status === 'transcribing')
    throw conflict('This recording is already being transcribed.');
  if (state.status === 'completed') throw conflict('This recording is already transcribed.');
  return [
    {
      type: 'TranscriptionRequested',
      data: {
        recordingId: state.id,
        jobId: command.jobId,
        options: state.options,
        durationSeconds: state.media.durationSeconds,
        requestedAt: command.now,
        speakerLabels: command.speakerLabels,
        period: command.period,
      },
    },
  ];
};

export const startTranscription = (
  command: RecordingCommandOf<'StartTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (command.jobId !== state.jobId || state.status !== 'queued') return [];
  return [
    {
      type: 'TranscriptionStarted',
      data: { recordingId: state.id, jobId: command.jobId, workerId: command.workerId, at: command.now },
    },
  ];
};

export const progressTranscription = (
  command: RecordingCommandOf<'ProgressTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (command.jobId !== state.jobId || state.status !== 'transcribing') return [];
  const progress = Math.min(1, Math.max(0, command.progress));
  if (progress <= state.lastProgress) return [];
  return [
    {
      type: 'TranscriptionProgressed',
      data: { recordingId: state.id, jobId: command.jobId, progress, at: command.now },
    },
  ];
};

export const completeTranscription = (
  command: RecordingCommandOf<'CompleteTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  // A second completion of the same job (a worker that crashed after writing it) must not add a transcript.
  if (command.jobId !== state.jobId || state.completedJobId === command.jobId) return [];
  if (state.status !== 'queued' && state.status !== 'transcribing') return [];
  return [
    {
      type: 'TranscriptionCompleted',
      data: {
        recordingId: state.id,
        jobId: command.jobId,
        transcript: command.transcript,
        completedAt: command.now,
      },
    },
  ];
};

export const failTranscription = (
  command: RecordingCommandOf<'FailTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (command.jobId !== state.jobId) return [];
  if (state.status !== 'queued' && state.status !== 'transcribing') return [];
  return [
    {
      type: 'TranscriptionFailed',
      data: {
        recordingId: state.id,
        jobId: command.jobId,
        code: command.code,
        message: command.message,
        at: command.now,
      },
    },
  ];
};

export const cancelTranscription = (
  command: RecordingCommandOf<'CancelTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.status === 'cancelled') return [];
  if (state.status !== 'queued' && state.status !== 'transcribing' && state.status !== 'uploading')
    throw conflict(`A ${state.status} transcription cannot be cancelled.`);
  return [
    {
      type: 'TranscriptionCancelled',
      data: { recordingId: state.id, jobId: state.jobId, at: command.now },
    },
  ];
};
