import type { RecordingEvent } from '../events';
import { joinPieces } from '../pieces';
import type { ProbedMedia } from '../events';
import type { RecordingCommandOf } from './commands';
import { conflict, type RecordingState } from './state';

// The worker's messages (start, progress, complete, fail) carry the job id, so a late one from an abandoned attempt
// (its lease expired and another worker took over, or the user cancelled) changes nothing.

/** Only what the probe could read as audio is transcribed (and its length is what the minutes are charged for). */
export const readableAudio = (state: RecordingState): ProbedMedia => {
  if (!state.media) throw conflict('This recording has no readable audio.');
  return state.media;
};

export const requestTranscription = (
  command: RecordingCommandOf<'RequestTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.jobId === command.jobId) return [];
  const media = readableAudio(state);
  if (state.purged && !state.deleted)
    throw conflict(
      "This recording's media was removed under its workspace's retention policy, so it cannot be transcribed again.",
    );
  if (!state.blobKey)
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
        durationSeconds: media.durationSeconds,
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

const inProgress = (state: RecordingState) => state.status === 'queued' || state.status === 'transcribing';

export const splitTranscription = (
  command: RecordingCommandOf<'SplitTranscription'>,
  state: RecordingState,
): RecordingEvent[] => {
  // A redo of the file job (its worker died after the split) cuts again: the first cut stands.
  if (command.jobId !== state.jobId || state.split?.jobId === command.jobId || !inProgress(state)) return [];
  const { pieces } = command;
  const contiguous = pieces.every(
    (piece, i) =>
      piece.index === i && piece.end > piece.start && (i === 0 || piece.start === pieces[i - 1]!.end),
  );
  if (pieces.length < 2 || pieces[0]!.start !== 0 || !contiguous)
    throw conflict('A recording is cut into two or more pieces that follow one another from its start.');
  return [
    {
      type: 'TranscriptionSplit',
      data: {
        recordingId: state.id,
        jobId: command.jobId,
        pieces: pieces.map(({ index, start, end }) => ({ index, start, end })),
        ...(command.speakerLabels ? { speakerLabels: true } : {}),
        at: command.now,
      },
    },
  ];
};

/**
 * One piece's transcript. A retried piece (its worker died after writing it) adds nothing; the last piece in
 * also completes the transcription with the joined transcript, once: two workers finishing the last two pieces
 * at the same moment race on the stream, and the loser decides again against a state that already holds both.
 */
export const recordPieceTranscript = (
  command: RecordingCommandOf<'RecordPieceTranscript'>,
  state: RecordingState,
): RecordingEvent[] => {
  const { jobId, index, transcript } = command;
  if (jobId !== state.jobId || state.completedJobId === jobId || !inProgress(state)) return [];
  const split = state.split;
  if (split?.jobId !== jobId || !split.pieces[index] || state.pieceTranscripts[index]) return [];
  const recorded: RecordingEvent = {
    type: 'TranscriptPieceTranscribed',
    data: {
      recordingId: state.id,
      jobId,
      index,
      language: transcript.language,
      languageProbability: transcript.languageProbability,
      segments: [...transcript.segments],
      ...(transcript.speakerTimeline ? { speakerTimeline: [...transcript.speakerTimeline] } : {}),
      engine: transcript.engine,
      at: command.now,
    },
  };
  const done = { ...state.pieceTranscripts, [index]: transcript };
  // With speaker labels, the join waits for every piece's speakers to be clustered together (JoinPieceSpeakers).
  if (Object.keys(done).length < split.pieces.length || split.speakerLabels) return [recorded];
  return [recorded, joined(state, split, done, command.now)];
};

const joined = (
  state: RecordingState,
  split: NonNullable<RecordingState['split']>,
  done: RecordingState['pieceTranscripts'],
  now: string,
  speakers?: readonly Readonly<Record<string, string>>[],
): RecordingEvent => ({
  type: 'TranscriptionCompleted',
  data: {
    recordingId: state.id,
    jobId: split.jobId,
    transcript: joinPieces(
      split.pieces.map((piece) => done[piece.index]!),
      split.pieces.at(-1)!.end,
      speakers,
    ),
    completedAt: now,
  },
});

/**
 * Every piece is in and their speakers were clustered file-wide: the transcript is joined with one label per
 * person across the whole file. Two workers may both see the last piece in and both cluster; the second join
 * finds the transcription complete and changes nothing.
 */
export const joinPieceSpeakers = (
  command: RecordingCommandOf<'JoinPieceSpeakers'>,
  state: RecordingState,
): RecordingEvent[] => {
  const { jobId, speakers } = command;
  if (jobId !== state.jobId || state.completedJobId === jobId || !inProgress(state)) return [];
  const split = state.split;
  if (split?.jobId !== jobId || Object.keys(state.pieceTranscripts).length < split.pieces.length) return [];
  if (speakers.length !== split.pieces.length)
    throw conflict('The speakers of every piece, and only those, are joined into the transcript.');
  return [joined(state, split, state.pieceTranscripts, command.now, speakers)];
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
