import type { Actor, RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import { RECORDING_EVENT_TYPES, type RecordingEvent, type TranscriptionOptions } from '../events';
import type { RecordingStatus } from '../recording';
import { recordingSlices, type SliceDoc } from '../recording/slices';
import { joinPieces } from '../pieces';
import { PARTIAL_TRANSCRIPTS_COLLECTION, type PartialTranscriptDoc, withPiece } from './partial-transcripts';
import type { Transcript } from '../transcript';
import { applyTranscriptEdit } from '../transcript-edit';

export const RECORDINGS_COLLECTION = 'recordings';
export const TRANSCRIPTS_COLLECTION = 'transcripts';
export { PARTIAL_TRANSCRIPTS_COLLECTION, type PartialTranscriptDoc } from './partial-transcripts';

interface CoreRecordingDoc {
  readonly id: string;
  readonly ownerId: string;
  readonly title: string;
  readonly status: RecordingStatus;
  readonly progress: number;
  readonly durationSeconds: number | null;
  readonly language: string | null;
  readonly languageProbability: number | null;
  readonly sizeBytes: number | null;
  readonly mimeType: string | null;
  readonly mediaKind: 'audio' | 'video' | null;
  readonly originalFilename: string | null;
  readonly options: TranscriptionOptions;
  readonly error: { code: string; message: string } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly completedAt: string | null;
  readonly blobKey: string | null;
  readonly uploadId: string | null;
  readonly jobId: string | null;
  readonly requestedAt: string | null;
  readonly deletedAt: string | null;
  readonly restorableUntil: string | null;
  /** When its workspace's retention removed the media and kept the transcript (absent: never). */
  readonly mediaRetiredAt?: string | null;
  /**
   * A long recording cut into pieces: how many are transcribed of how many (null: one unit). Absent on documents
   * written before pieces existed.
   */
  readonly pieces?: { readonly done: number; readonly total: number } | null;
  /** Transcript text for search ($contains is case-insensitive). */
  readonly searchText: string;
  /** The workspace it lives in (issue 43); null or absent (documents from before workspaces): personal. */
  readonly workspaceId?: string | null;
}
/** The fields above and those of the recording's capabilities written as slices (recording/slices.ts). */
export type RecordingDoc = CoreRecordingDoc & SliceDoc;

export type TranscriptDoc = Transcript & {
  readonly id: string;
  readonly ownerId: string;
  /** 1 when transcribed, +1 per edit. Documents written before the editor existed have none: read as 1. */
  readonly version?: number;
  readonly editedAt?: string | null;
  /** The person who saved the last edit (an account id, named when read); null when never edited or not a person. */
  readonly editedById?: string | null;
  /** Only on a transcript put together from the finished pieces of a recording still being transcribed. */
  readonly partial?: { readonly done: number; readonly total: number };
};

/**
 * The library document after one more event: the projection stores it, and a write answers with the fold of
 * its stream (`recordingDocFrom`) instead of reading the read model back. `searchText` follows the completed
 * transcript; the projection updates it after edits, which need the stored transcript.
 */
export const evolveRecordingDoc = (
  current: RecordingDoc | null,
  recorded: RecordedEvent,
): RecordingDoc | null => {
  const event = { type: recorded.type, data: recorded.data } as RecordingEvent;
  const at = recorded.metadata.occurredAt;
  if (event.type === 'RecordingCreated') {
    const d = event.data;
    return {
      id: d.recordingId,
      ownerId: d.ownerId,
      title: d.title,
      status: 'uploading',
      progress: 0,
      durationSeconds: null,
      language: null,
      languageProbability: null,
      sizeBytes: d.declaredSizeBytes,
      mimeType: null,
      mediaKind: null,
      originalFilename: d.originalFilename,
      options: d.options,
      error: null,
      createdAt: d.createdAt,
      updatedAt: at,
      completedAt: null,
      blobKey: null,
      uploadId: d.uploadId,
      jobId: null,
      requestedAt: null,
      deletedAt: null,
      restorableUntil: null,
      pieces: null,
      searchText: '',
      workspaceId: d.workspaceId ?? null,
      ...recordingSlices.library.initial,
    };
  }
  if (!current) return null;
  const put = (changes: Partial<RecordingDoc>): RecordingDoc => ({ ...current, ...changes, updatedAt: at });
  switch (event.type) {
    case 'RecordingUploadCompleted':
      return put({ sizeBytes: event.data.sizeBytes, blobKey: event.data.blobKey, progress: 0 });
    case 'RecordingUploadProgressed':
      return put({ progress: event.data.progress });
    case 'RecordingProbed':
      return put({
        durationSeconds: event.data.media.durationSeconds,
        mimeType: event.data.media.mimeType,
        mediaKind: event.data.media.mediaKind,
      });
    case 'RecordingRejected':
      return put({ status: 'failed', error: { code: event.data.code, message: event.data.message } });
    case 'UnreadableFileKept':
      return put({
        status: 'unreadable',
        error: { code: event.data.code, message: event.data.message },
        blobKey: event.data.blobKey,
        sizeBytes: event.data.sizeBytes,
        progress: 0,
      });
    case 'TranscriptionRequested':
      return put({
        status: 'queued',
        progress: 0,
        error: null,
        jobId: event.data.jobId,
        requestedAt: event.data.requestedAt,
        pieces: null,
      });
    case 'TranscriptionStarted':
      return put({ status: 'transcribing' });
    case 'TranscriptionProgressed':
      return put({ progress: event.data.progress });
    case 'TranscriptionSplit':
      return put({ pieces: { done: 0, total: event.data.pieces.length }, progress: 0 });
    case 'TranscriptPieceTranscribed': {
      // A piece recorded twice is refused by the decider, so counting events counts pieces.
      const pieces = current.pieces ?? { done: 0, total: 1 };
      const done = Math.min(pieces.total, pieces.done + 1);
      return put({ pieces: { done, total: pieces.total }, progress: done / pieces.total });
    }
    case 'TranscriptionCompleted': {
      const t = event.data.transcript;
      return put({
        status: 'completed',
        progress: 1,
        language: t.language,
        languageProbability: t.languageProbability,
        durationSeconds: current.durationSeconds ?? t.durationSeconds,
        completedAt: event.data.completedAt,
        searchText: t.text,
      });
    }
    case 'TranscriptionFailed':
      return put({ status: 'failed', error: { code: event.data.code, message: event.data.message } });
    case 'TranscriptionCancelled':
      return put({ status: 'cancelled' });
    case 'TranscriptEdited':
      return put({});
    case 'TranscriptAnnotated':
    case 'TranscriptAnnotationEdited':
    case 'TranscriptAnnotationRemoved':
      // Notes live in their own read model (annotations.projection.ts): the library entry stays as it is.
      return current;
    case 'RecordingRenamed':
      return put({ title: event.data.title });
    case 'RecordingDeleted':
      return put({ deletedAt: event.data.deletedAt, restorableUntil: event.data.restorableUntil });
    case 'RecordingRestored':
      return put({ deletedAt: null, restorableUntil: null });
    case 'RecordingMediaPurged':
      return put(
        event.data.reason === 'retention'
          ? { blobKey: null, mediaRetiredAt: event.data.at }
          : { blobKey: null },
      );
    case 'RecordingErased':
      return null;
    default:
      return put(recordingSlices.library.evolve(current, event));
  }
};

/** A recording's library document folded from its own stream: what a write answers with. */
export const recordingDocFrom = (events: readonly RecordedEvent[]): RecordingDoc | null =>
  events.reduce<RecordingDoc | null>(evolveRecordingDoc, null);

/** The library (one document per recording) and the transcripts (one document per completed recording). */
export const recordingsProjection: Projection = {
  name: 'recordings',
  collections: [RECORDINGS_COLLECTION, TRANSCRIPTS_COLLECTION, PARTIAL_TRANSCRIPTS_COLLECTION],
  eventTypes: RECORDING_EVENT_TYPES,
  async setup(store) {
    const recordings = store.collection(RECORDINGS_COLLECTION);
    await recordings.ensureIndex({ fields: ['ownerId', 'createdAt'] });
    await recordings.ensureIndex({ fields: ['workspaceId', 'createdAt'] });
    await recordings.ensureIndex({ fields: ['uploadId'] });
  },
  async handle(recorded: RecordedEvent, context) {
    const event = { type: recorded.type, data: recorded.data } as RecordingEvent;
    const current =
      event.type === 'RecordingCreated'
        ? null
        : await context.get<RecordingDoc>(RECORDINGS_COLLECTION, event.data.recordingId);
    if (event.type === 'RecordingErased') {
      context.delete(RECORDINGS_COLLECTION, event.data.recordingId);
      context.delete(TRANSCRIPTS_COLLECTION, event.data.recordingId);
      context.delete(PARTIAL_TRANSCRIPTS_COLLECTION, event.data.recordingId);
      return;
    }
    const next = evolveRecordingDoc(current, recorded);
    if (!next) return;
    if (event.type === 'TranscriptPieceTranscribed') {
      const partial = await context.get<PartialTranscriptDoc>(PARTIAL_TRANSCRIPTS_COLLECTION, next.id);
      const doc = withPiece(partial, next, event.data);
      context.upsert(PARTIAL_TRANSCRIPTS_COLLECTION, doc);
    }
    if (
      event.type === 'TranscriptionCompleted' ||
      event.type === 'TranscriptionFailed' ||
      event.type === 'TranscriptionCancelled' ||
      event.type === 'TranscriptionRequested'
    )
      context.delete(PARTIAL_TRANSCRIPTS_COLLECTION, next.id);
    if (event.type === 'TranscriptionCompleted') {
      const transcript: TranscriptDoc = {
        ...event.data.transcript,
        id: next.id,
        ownerId: next.ownerId,
        recordingId: next.id,
        createdAt: event.data.completedAt,
        version: 1,
        editedAt: null,
      };
      context.upsert(TRANSCRIPTS_COLLECTION, transcript);
    }
    if (event.type === 'TranscriptEdited') {
      const transcript = await context.get<TranscriptDoc>(TRANSCRIPTS_COLLECTION, next.id);
      if (!transcript) return;
      // Replays after a crash may see an edit twice; versions only move forward.
      if ((transcript.version ?? 1) >= event.data.version) return;
      const edited: TranscriptDoc = {
        ...applyTranscriptEdit(transcript, event.data),
        version: event.data.version,
        editedAt: event.data.at,
        editedById: editorOf(recorded.metadata.actor),
      };
      context.upsert(TRANSCRIPTS_COLLECTION, edited);
      const searchable: RecordingDoc = { ...next, searchText: edited.text };
      context.upsert(RECORDINGS_COLLECTION, searchable);
      return;
    }
    context.upsert(RECORDINGS_COLLECTION, next);
  },
};

/** The transcript so far of a recording still being transcribed in pieces: its finished pieces, in order. */
export const partialTranscriptDoc = (
  partial: PartialTranscriptDoc,
  recording: RecordingDoc,
): TranscriptDoc => {
  const indexes = Object.keys(partial.pieces)
    .map(Number)
    .sort((a, b) => a - b);
  const joined = joinPieces(
    indexes.map((index) => partial.pieces[String(index)]!),
    recording.durationSeconds ?? 0,
  );
  return {
    ...joined,
    id: recording.id,
    ownerId: recording.ownerId,
    recordingId: recording.id,
    createdAt: recording.updatedAt,
    version: 1,
    editedAt: null,
    partial: { done: indexes.length, total: partial.total },
  };
};

/** Who an edit names as its editor: a signed-in person (in a workspace, any member who edits), never a system. */
const editorOf = (actor: Actor): string | null => (actor.kind === 'user' ? actor.id : null);

/** A recording's transcript folded from its own stream (completed, then each edit): what an edit answers with. */
export const transcriptDocFrom = (events: readonly RecordedEvent[]): TranscriptDoc | null => {
  let ownerId = '';
  let doc: TranscriptDoc | null = null;
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as RecordingEvent;
    if (event.type === 'RecordingCreated') ownerId = event.data.ownerId;
    else if (event.type === 'TranscriptionCompleted')
      doc = {
        ...event.data.transcript,
        id: event.data.recordingId,
        ownerId,
        recordingId: event.data.recordingId,
        createdAt: event.data.completedAt,
        version: 1,
        editedAt: null,
      };
    else if (event.type === 'TranscriptEdited' && doc && (doc.version ?? 1) < event.data.version)
      doc = {
        ...applyTranscriptEdit(doc, event.data),
        version: event.data.version,
        editedAt: event.data.at,
        editedById: editorOf(recorded.metadata.actor),
      };
  }
  return doc;
};
