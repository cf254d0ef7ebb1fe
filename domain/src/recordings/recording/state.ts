import { DomainError, NotFoundError } from '../../kernel/errors';
import type { AnnotationState } from '../annotations';
import type { PieceSpan, PieceTranscript } from '../pieces';
import type { ProbedMedia, TranscriptionOptions } from '../events';
import type { Segment } from '../transcript';
import type { TranscriptSplice } from '../transcript-edit';
import { recordingSlices, type SliceState } from './slices';

/** `unreadable`: the file's audio could not be read and the owner kept it as a file (never transcribed). */
export type RecordingStatus =
  'uploading' | 'queued' | 'transcribing' | 'completed' | 'failed' | 'cancelled' | 'unreadable';

interface CoreRecordingState {
  readonly exists: boolean;
  readonly id: string;
  readonly ownerId: string | null;
  /** How the bytes arrive: whole in one request, or resumable through tus (`uploadId`). */
  readonly source: 'multipart' | 'tus' | 'live' | null;
  readonly uploadId: string | null;
  readonly status: RecordingStatus;
  readonly options: TranscriptionOptions;
  readonly blobKey: string | null;
  /** Lossless audio to transcribe from when the media is lossy (live sessions); null: the media is the source. */
  readonly sourceBlobKey: string | null;
  readonly media: ProbedMedia | null;
  /** The current attempt's pieces, when its file was long enough to be cut (null: one unit, the whole file). */
  readonly split: {
    readonly jobId: string;
    readonly pieces: readonly PieceSpan[];
    /** The pieces' speakers are clustered file-wide before the transcript is joined. */
    readonly speakerLabels: boolean;
  } | null;
  /** The current split's transcribed pieces by index (joined into the transcript when the last one is in). */
  readonly pieceTranscripts: Readonly<Record<number, PieceTranscript>>;
  /** The job of the current (or last) transcription attempt. */
  readonly jobId: string | null;
  readonly completedJobId: string | null;
  readonly deleted: { readonly restorableUntil: string } | null;
  readonly lastProgress: number;
  readonly purged: boolean;
  /** Its owner's account was erased: nothing more happens to it, worker messages included. */
  readonly erased: boolean;
  /** The completed transcript's segments as last edited (what an edit is checked against). */
  readonly segments: readonly Segment[];
  /**
   * How to take back the structure changes made since the last text edit or rename, newest last (Undo). A text
   * edit or rename empties it: undoing a change under it would throw that edit away.
   */
  readonly undoable: readonly { readonly version: number; readonly inverse: TranscriptSplice }[];
  /** 0 before a transcript exists, 1 when completed, +1 per edit (optimistic concurrency of the editor). */
  readonly transcriptVersion: number;
  /** The owner's highlights and comments by id (see annotations.ts). */
  readonly annotations: Readonly<Record<string, AnnotationState>>;
}

/** The fields above and those of the capabilities written as slices (slices.ts). */
export type RecordingState = CoreRecordingState & SliceState;

export const initialState = (): RecordingState => ({
  exists: false,
  id: '',
  ownerId: null,
  source: null,
  uploadId: null,
  status: 'uploading',
  options: { language: null, translate: false },
  blobKey: null,
  sourceBlobKey: null,
  media: null,
  split: null,
  pieceTranscripts: {},
  jobId: null,
  completedJobId: null,
  deleted: null,
  lastProgress: 0,
  purged: false,
  erased: false,
  segments: [],
  undoable: [],
  transcriptVersion: 0,
  annotations: {},
  ...recordingSlices.initialState(),
});

export const conflict = (message: string) => new DomainError('RECORDING_STATE_CONFLICT', message);

/** A stream with no recording yet has no id to name in the refusal. */
export const existingRecording = (state: RecordingState): RecordingState => {
  if (!state.exists) throw new NotFoundError('Recording', '');
  return state;
};

/** A late worker message for an erased recording must not bring its transcript back. */
export const unerasedRecording = (state: RecordingState): RecordingState => {
  const recording = existingRecording(state);
  if (recording.erased) throw new NotFoundError('Recording', recording.id);
  return recording;
};

/** A deleted recording answers its owner as one that does not exist, until it is restored. */
export const undeletedRecording = (state: RecordingState): RecordingState => {
  const recording = unerasedRecording(state);
  if (recording.deleted) throw new NotFoundError('Recording', recording.id);
  return recording;
};

/** Every blob holding the recording's audio: what erasing its media must delete. */
export const mediaBlobKeys = (state: RecordingState): string[] =>
  [state.blobKey, state.sourceBlobKey].filter((key): key is string => key !== null);

/** The audio a transcription (or a translation from speech) reads: lossless where it was kept. */
export const transcriptionSourceKey = (state: RecordingState): string | null =>
  state.sourceBlobKey ?? state.blobKey;
