import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { ProbedMedia, RecordingEvent, TranscriptionOptions } from './events';
import {
  type AnnotationCommand,
  type AnnotationState,
  decideAnnotation,
  evolveAnnotations,
} from './annotations';
import type { PlanId } from './plans';
import { PLAN_LIMITS } from './plans';
import type { Segment, TranscriptBody } from './transcript';
import {
  applySegmentEdit,
  cleanSegmentText,
  cleanSpeakerNames,
  deriveWords,
  type EditedSegment,
  planStructureChange,
  type SegmentTextEdit,
  type StructureChange,
  type TranscriptSplice,
} from './transcript-edit';
import { type KeepUnreadableFileCommand, keepUnreadableFile } from './unreadable-file';

/** `unreadable`: the file's audio could not be read and the owner kept it as a file (never transcribed). */
export type RecordingStatus =
  'uploading' | 'queued' | 'transcribing' | 'completed' | 'failed' | 'cancelled' | 'unreadable';

export interface RecordingState {
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

export type RecordingCommand =
  | {
      type: 'CreateRecording';
      recordingId: string;
      ownerId: string;
      title: string;
      originalFilename: string | null;
      source: 'multipart' | 'tus' | 'live';
      uploadId: string | null;
      declaredSizeBytes: number | null;
      options: TranscriptionOptions;
      now: string;
    }
  | { type: 'CompleteUpload'; blobKey: string; sourceBlobKey?: string; sizeBytes: number; now: string }
  | { type: 'ReportUploadProgress'; receivedBytes: number; totalBytes: number; now: string }
  | { type: 'RecordProbe'; media: ProbedMedia; now: string }
  | { type: 'RejectRecording'; code: string; message: string; now: string }
  | KeepUnreadableFileCommand
  | {
      type: 'RequestTranscription';
      jobId: string;
      speakerLabels: boolean;
      /** The usage period holding the minutes reserved for it (a month, or a weekly subscriber's week). */
      period: string;
      now: string;
    }
  | { type: 'StartTranscription'; jobId: string; workerId: string; now: string }
  | { type: 'ProgressTranscription'; jobId: string; progress: number; now: string }
  | { type: 'CompleteTranscription'; jobId: string; transcript: TranscriptBody; now: string }
  | { type: 'FailTranscription'; jobId: string; code: string; message: string; now: string }
  | { type: 'CancelTranscription'; now: string }
  | {
      type: 'EditTranscript';
      /** The version the editor started from; another save in between makes this one a conflict. */
      expectedVersion: number;
      segments: readonly SegmentTextEdit[];
      /** Old label -> new name, applied to every segment with that label. */
      speakers: Readonly<Record<string, string>>;
      plan: PlanId;
      now: string;
    }
  | {
      type: 'RestructureTranscript';
      expectedVersion: number;
      change: StructureChange | { kind: 'undo' };
      plan: PlanId;
      now: string;
    }
  | AnnotationCommand
  | { type: 'RenameRecording'; title: string; now: string }
  | { type: 'DeleteRecording'; now: string; graceSeconds: number }
  | { type: 'RestoreRecording'; now: string }
  | { type: 'PurgeMedia'; blobKeys: string[]; now: string }
  /** The owner's account is being erased: stop any work, purge the media at once (no grace), drop the rest. */
  | { type: 'EraseRecording'; now: string };

/** How long a deleted recording can be restored (the UI's "Undo"). */
export const DEFAULT_RESTORE_GRACE_SECONDS = 30 * 24 * 3600;

const initialState = (): RecordingState => ({
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
});

const cleanTitle = (title: string): string => {
  const trimmed = title.replace(/\s+/g, ' ').trim();
  if (trimmed.length === 0) throw new DomainError('VALIDATION_FAILED', 'The title cannot be empty.');
  if (trimmed.length > 200)
    throw new DomainError('VALIDATION_FAILED', 'The title can be at most 200 characters.');
  return trimmed;
};

const conflict = (message: string) => new DomainError('RECORDING_STATE_CONFLICT', message);

const checkEditable = (command: { expectedVersion: number; plan: PlanId }, state: RecordingState): void => {
  if (!PLAN_LIMITS[command.plan].transcriptEditor)
    throw new DomainError(
      'PLAN_UPGRADE_REQUIRED',
      'Editing transcripts is part of Premium and Business Pro. Upgrade your plan to edit this transcript.',
    );
  if (state.status !== 'completed') throw conflict('Only a completed transcript can be edited.');
  if (command.expectedVersion !== state.transcriptVersion)
    throw new DomainError(
      'TRANSCRIPT_VERSION_CONFLICT',
      'This transcript was changed elsewhere (another tab or device) since you opened it. Reload to get the latest version.',
      { currentVersion: state.transcriptVersion },
    );
};

const restructureTranscript = (
  command: Extract<RecordingCommand, { type: 'RestructureTranscript' }>,
  state: RecordingState,
): RecordingEvent[] => {
  checkEditable(command, state);
  let restructure: TranscriptSplice | null;
  if (command.change.kind === 'undo') {
    const last = state.undoable[state.undoable.length - 1];
    if (!last)
      throw new DomainError(
        'NOTHING_TO_UNDO',
        'There is no speaker or line change to undo since the last text edit.',
      );
    restructure = { ...last.inverse, undoes: last.version };
  } else {
    const nextId = state.segments.reduce((max, s) => Math.max(max, s.id + 1), 0);
    restructure = planStructureChange(state.segments, command.change, nextId);
  }
  // The words already belong to that speaker: no new version.
  if (!restructure) return [];
  return [
    {
      type: 'TranscriptEdited',
      data: {
        recordingId: state.id,
        version: state.transcriptVersion + 1,
        segments: [],
        speakers: {},
        restructure,
        at: command.now,
      },
    },
  ];
};

const editTranscript = (
  command: Extract<RecordingCommand, { type: 'EditTranscript' }>,
  state: RecordingState,
): RecordingEvent[] => {
  checkEditable(command, state);
  const seen = new Set<number>();
  const segments: EditedSegment[] = command.segments.map((edit) => {
    const text = cleanSegmentText(edit, state.segments.length);
    if (seen.has(edit.index))
      throw new DomainError('VALIDATION_FAILED', `Segment ${edit.index} is changed twice in one edit.`);
    seen.add(edit.index);
    const { start, end } = state.segments[edit.index]!;
    return { index: edit.index, text, words: deriveWords(text, start, end) };
  });
  if (command.segments.length === 0 && Object.keys(command.speakers).length === 0)
    throw new DomainError('VALIDATION_FAILED', 'Nothing to change: send segment texts or speaker names.');
  const known = new Set(state.segments.flatMap((s) => (s.speaker === null ? [] : [s.speaker])));
  const speakers = cleanSpeakerNames(command.speakers, known);
  // Renaming a speaker to the name it already has changes nothing, so it makes no new version.
  if (segments.length === 0 && Object.keys(speakers).length === 0) return [];
  return [
    {
      type: 'TranscriptEdited',
      data: {
        recordingId: state.id,
        version: state.transcriptVersion + 1,
        segments,
        speakers,
        at: command.now,
      },
    },
  ];
};

/**
 * One recording's life: upload, probe, transcription attempts (each tied to a job), rename, delete/restore.
 * Worker commands carry the job id, so a late message from an abandoned attempt (its lease expired and
 * another worker took over, or the user cancelled) changes nothing.
 */
export const recordingDecider: Decider<RecordingCommand, RecordingEvent, RecordingState> = {
  initialState,

  decide(command, state) {
    if (command.type === 'CreateRecording') {
      if (state.exists) return [];
      return [
        {
          type: 'RecordingCreated',
          data: {
            recordingId: command.recordingId,
            ownerId: command.ownerId,
            title: cleanTitle(command.title),
            originalFilename: command.originalFilename,
            source: command.source,
            uploadId: command.uploadId,
            declaredSizeBytes: command.declaredSizeBytes,
            options: command.options,
            createdAt: command.now,
          },
        },
      ];
    }
    if (!state.exists) throw new NotFoundError('Recording', '');
    const id = state.id;
    if (command.type === 'EraseRecording') {
      if (state.erased) return [];
      const events: RecordingEvent[] = [];
      if (state.status === 'queued' || state.status === 'transcribing')
        events.push({
          type: 'TranscriptionCancelled',
          data: { recordingId: id, jobId: state.jobId, at: command.now },
        });
      if (!state.deleted)
        events.push({
          type: 'RecordingDeleted',
          data: { recordingId: id, deletedAt: command.now, restorableUntil: command.now },
        });
      if (!state.purged)
        events.push({
          type: 'RecordingMediaPurged',
          data: { recordingId: id, blobKeys: mediaBlobKeys(state), at: command.now },
        });
      events.push({ type: 'RecordingErased', data: { recordingId: id, at: command.now } });
      return events;
    }
    // A late worker message for an erased recording must not bring its transcript back.
    if (state.erased) throw new NotFoundError('Recording', id);
    const workerCommand =
      command.type === 'StartTranscription' ||
      command.type === 'ProgressTranscription' ||
      command.type === 'CompleteTranscription' ||
      command.type === 'FailTranscription';
    if (command.type === 'PurgeMedia') {
      if (state.purged) return [];
      if (!state.deleted || Date.parse(command.now) <= Date.parse(state.deleted.restorableUntil))
        throw conflict('Media is only erased once the restore grace period of a deleted recording is over.');
      return [
        {
          type: 'RecordingMediaPurged',
          data: { recordingId: id, blobKeys: command.blobKeys, at: command.now },
        },
      ];
    }
    if (state.deleted && !workerCommand && command.type !== 'RestoreRecording')
      throw new NotFoundError('Recording', id);

    switch (command.type) {
      case 'CompleteUpload':
        if (state.blobKey) return [];
        if (state.status !== 'uploading') throw conflict('This recording is not waiting for an upload.');
        return [
          {
            type: 'RecordingUploadCompleted',
            data: {
              recordingId: id,
              blobKey: command.blobKey,
              ...(command.sourceBlobKey ? { sourceBlobKey: command.sourceBlobKey } : {}),
              sizeBytes: command.sizeBytes,
              completedAt: command.now,
            },
          },
        ];
      case 'ReportUploadProgress': {
        if (state.status !== 'uploading' || state.blobKey || command.totalBytes <= 0) return [];
        // 1 only once the upload is complete and stored; the bytes alone are not the end of it.
        const progress = Math.min(0.99, Math.max(0, command.receivedBytes / command.totalBytes));
        if (progress <= state.lastProgress) return [];
        return [
          {
            type: 'RecordingUploadProgressed',
            data: { recordingId: id, receivedBytes: command.receivedBytes, progress, at: command.now },
          },
        ];
      }
      case 'RecordProbe':
        if (state.media) return [];
        return [
          { type: 'RecordingProbed', data: { recordingId: id, media: command.media, at: command.now } },
        ];
      case 'RejectRecording':
        if (state.status === 'failed') return [];
        return [
          {
            type: 'RecordingRejected',
            data: { recordingId: id, code: command.code, message: command.message, at: command.now },
          },
        ];
      case 'KeepUnreadableFile':
        return keepUnreadableFile(command, state);
      case 'RequestTranscription': {
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
              recordingId: id,
              jobId: command.jobId,
              options: state.options,
              durationSeconds: state.media.durationSeconds,
              requestedAt: command.now,
              speakerLabels: command.speakerLabels,
              period: command.period,
            },
          },
        ];
      }
      case 'StartTranscription':
        if (command.jobId !== state.jobId || state.status !== 'queued') return [];
        return [
          {
            type: 'TranscriptionStarted',
            data: { recordingId: id, jobId: command.jobId, workerId: command.workerId, at: command.now },
          },
        ];
      case 'ProgressTranscription': {
        if (command.jobId !== state.jobId || state.status !== 'transcribing') return [];
        const progress = Math.min(1, Math.max(0, command.progress));
        if (progress <= state.lastProgress) return [];
        return [
          {
            type: 'TranscriptionProgressed',
            data: { recordingId: id, jobId: command.jobId, progress, at: command.now },
          },
        ];
      }
      case 'CompleteTranscription':
        // A second completion of the same job (a worker that crashed after writing it) must not add a transcript.
        if (command.jobId !== state.jobId || state.completedJobId === command.jobId) return [];
        if (state.status !== 'queued' && state.status !== 'transcribing') return [];
        return [
          {
            type: 'TranscriptionCompleted',
            data: {
              recordingId: id,
              jobId: command.jobId,
              transcript: command.transcript,
              completedAt: command.now,
            },
          },
        ];
      case 'FailTranscription':
        if (command.jobId !== state.jobId) return [];
        if (state.status !== 'queued' && state.status !== 'transcribing') return [];
        return [
          {
            type: 'TranscriptionFailed',
            data: {
              recordingId: id,
              jobId: command.jobId,
              code: command.code,
              message: command.message,
              at: command.now,
            },
          },
        ];
      case 'CancelTranscription':
        if (state.status === 'cancelled') return [];
        if (state.status !== 'queued' && state.status !== 'transcribing' && state.status !== 'uploading')
          throw conflict(`A ${state.status} transcription cannot be cancelled.`);
        return [
          { type: 'TranscriptionCancelled', data: { recordingId: id, jobId: state.jobId, at: command.now } },
        ];
      case 'EditTranscript':
        return editTranscript(command, state);
      case 'RestructureTranscript':
        return restructureTranscript(command, state);
      case 'AnnotateTranscript':
      case 'EditAnnotation':
      case 'RemoveAnnotation':
        return decideAnnotation(command, state);
      case 'RenameRecording':
        return [
          {
            type: 'RecordingRenamed',
            data: { recordingId: id, title: cleanTitle(command.title), at: command.now },
          },
        ];
      case 'DeleteRecording': {
        const restorableUntil = new Date(Date.parse(command.now) + command.graceSeconds * 1000).toISOString();
        const deleted: RecordingEvent = {
          type: 'RecordingDeleted',
          data: { recordingId: id, deletedAt: command.now, restorableUntil },
        };
        // Deleting stops the work in progress too; the reactors cancel its job and give the minutes back.
        if (state.status === 'queued' || state.status === 'transcribing')
          return [
            {
              type: 'TranscriptionCancelled',
              data: { recordingId: id, jobId: state.jobId, at: command.now },
            },
            deleted,
          ];
        return [deleted];
      }
      case 'RestoreRecording':
        if (!state.deleted) return [];
        if (state.purged || Date.parse(command.now) > Date.parse(state.deleted.restorableUntil))
          throw new DomainError('RESTORE_EXPIRED', 'This recording was deleted too long ago to be restored.');
        return [{ type: 'RecordingRestored', data: { recordingId: id, at: command.now } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecordingCreated':
        return {
          ...state,
          exists: true,
          id: event.data.recordingId,
          ownerId: event.data.ownerId,
          source: event.data.source,
          uploadId: event.data.uploadId,
          options: event.data.options,
        };
      case 'RecordingUploadCompleted':
        return {
          ...state,
          blobKey: event.data.blobKey,
          sourceBlobKey: event.data.sourceBlobKey ?? null,
          lastProgress: 0,
        };
      case 'RecordingUploadProgressed':
        return { ...state, lastProgress: event.data.progress };
      case 'RecordingProbed':
        return { ...state, media: event.data.media };
      case 'RecordingRejected':
        return { ...state, status: 'failed' };
      case 'UnreadableFileKept':
        return { ...state, status: 'unreadable', blobKey: event.data.blobKey };
      case 'TranscriptionRequested':
        return { ...state, status: 'queued', jobId: event.data.jobId, lastProgress: 0 };
      case 'TranscriptionStarted':
        return { ...state, status: 'transcribing' };
      case 'TranscriptionProgressed':
        return { ...state, lastProgress: event.data.progress };
      case 'TranscriptionCompleted':
        return {
          ...state,
          status: 'completed',
          completedJobId: event.data.jobId,
          lastProgress: 1,
          segments: event.data.transcript.segments,
          undoable: [],
          transcriptVersion: 1,
        };
      case 'TranscriptEdited': {
        const { restructure } = event.data;
        const segments = applySegmentEdit(state.segments, event.data);
        let undoable = state.undoable;
        if (!restructure) undoable = [];
        else if (restructure.undoes !== undefined) undoable = undoable.slice(0, -1);
        else
          undoable = [
            ...undoable,
            {
              version: event.data.version,
              inverse: {
                index: restructure.index,
                remove: restructure.insert.length,
                insert: state.segments.slice(restructure.index, restructure.index + restructure.remove),
              },
            },
          ];
        return { ...state, transcriptVersion: event.data.version, segments, undoable };
      }
      case 'TranscriptionFailed':
        return { ...state, status: 'failed' };
      case 'TranscriptionCancelled':
        return { ...state, status: 'cancelled' };
      case 'TranscriptAnnotated':
      case 'TranscriptAnnotationEdited':
      case 'TranscriptAnnotationRemoved':
        return { ...state, annotations: evolveAnnotations(state.annotations, event) };
      case 'RecordingRenamed':
        return state;
      case 'RecordingDeleted':
        return { ...state, deleted: { restorableUntil: event.data.restorableUntil } };
      case 'RecordingRestored':
        return { ...state, deleted: null };
      case 'RecordingMediaPurged':
        return { ...state, purged: true, blobKey: null, sourceBlobKey: null };
      case 'RecordingErased':
        return { ...state, erased: true };
    }
  },
};

/** Every blob holding the recording's audio: what erasing its media must delete. */
export const mediaBlobKeys = (state: RecordingState): string[] =>
  [state.blobKey, state.sourceBlobKey].filter((key): key is string => key !== null);

/** The audio a transcription (or a translation from speech) reads: lossless where it was kept. */
export const transcriptionSourceKey = (state: RecordingState): string | null =>
  state.sourceBlobKey ?? state.blobKey;
