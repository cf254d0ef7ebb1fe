import type { DomainEvent } from '../kernel/events';
import type { PieceSpan } from './pieces';
import { recordingSlices, type SliceEvent } from './recording/slices';
import type { Segment, SpeakerTurn, TranscriptBody } from './transcript';
import type { EditedSegment, TranscriptSplice } from './transcript-edit';

/** How many people speak, when the uploader said: exactly (`min === max`) or a range (1-20). */
export interface SpeakerCount {
  readonly min: number;
  readonly max: number;
}

/** Names and terms of one upload, and a line about it, given to the engine with the account's glossary. */
export interface UploadVocabulary {
  readonly terms: readonly string[];
  readonly context: string | null;
}

export interface TranscriptionOptions {
  /** ISO 639-1 code chosen by the user, or null to detect. */
  readonly language: string | null;
  readonly translate: boolean;
  /** Absent on recordings made before it could be said, and null when not said: estimated from the voices. */
  readonly speakers?: SpeakerCount | null;
  /** Absent on recordings made before it could be said, null when the upload said none. */
  readonly vocabulary?: UploadVocabulary | null;
}

export interface ProbedMedia {
  readonly durationSeconds: number;
  /** Decided from the content (ffprobe), never from the file name. */
  readonly mimeType: string;
  readonly mediaKind: 'audio' | 'video';
  readonly formatName: string;
  readonly audioCodec: string;
}

// ---- recording stream: `recording-{recordingId}` ----
export type RecordingCreated = DomainEvent<
  'RecordingCreated',
  {
    recordingId: string;
    ownerId: string;
    title: string;
    originalFilename: string | null;
    /** 'tus' uploads arrive later; 'multipart' ones are complete when created; 'live' ones come from a live session. */
    source: 'multipart' | 'tus' | 'live';
    uploadId: string | null;
    declaredSizeBytes: number | null;
    options: TranscriptionOptions;
    createdAt: string;
    /** The workspace it was uploaded into (issue 43); absent or null: the owner's personal space. */
    workspaceId?: string | null;
  }
>;
/**
 * `sourceBlobKey`: lossless audio kept beside lossy media (a live session's PCM as FLAC next to its Opus), which
 * transcription reads instead; absent for uploads, whose original is the source.
 */
export type RecordingUploadCompleted = DomainEvent<
  'RecordingUploadCompleted',
  { recordingId: string; blobKey: string; sourceBlobKey?: string; sizeBytes: number; completedAt: string }
>;
/** Bytes of a resumable upload arrived (at most about once a second per upload). */
export type RecordingUploadProgressed = DomainEvent<
  'RecordingUploadProgressed',
  { recordingId: string; receivedBytes: number; progress: number; at: string }
>;
export type RecordingProbed = DomainEvent<
  'RecordingProbed',
  { recordingId: string; media: ProbedMedia; at: string }
>;
/** The file cannot be transcribed (unsupported, corrupt, no audio, too large, no minutes left). */
export type RecordingRejected = DomainEvent<
  'RecordingRejected',
  { recordingId: string; code: string; message: string; at: string }
>;
/**
 * The owner kept a file whose audio could not be read (`code`/`message`: the probe's refusal), as a file only:
 * stored under `blobKey` to download or delete, never transcribed.
 */
export type UnreadableFileKept = DomainEvent<
  'UnreadableFileKept',
  {
    recordingId: string;
    code: string;
    message: string;
    blobKey: string;
    sizeBytes: number;
    at: string;
  }
>;
export type TranscriptionRequested = DomainEvent<
  'TranscriptionRequested',
  {
    recordingId: string;
    jobId: string;
    options: TranscriptionOptions;
    durationSeconds: number;
    requestedAt: string;
    /**
     * Whether the job labels speakers (a plan feature, decided when the owner asked). Absent on events written
     * before jobs were enqueued by a reactor: the reactor then asks the owner's plan.
     */
    speakerLabels?: boolean;
    /** The usage period holding its minutes. Absent on older events: the month of `requestedAt`. */
    period?: string;
  }
>;
export type TranscriptionStarted = DomainEvent<
  'TranscriptionStarted',
  { recordingId: string; jobId: string; workerId: string; at: string }
>;
export type TranscriptionProgressed = DomainEvent<
  'TranscriptionProgressed',
  { recordingId: string; jobId: string; progress: number; at: string }
>;
export type TranscriptionCompleted = DomainEvent<
  'TranscriptionCompleted',
  { recordingId: string; jobId: string; transcript: TranscriptBody; completedAt: string }
>;
/**
 * A long recording was cut at pauses into pieces (seconds of the whole file), each transcribed as its own job
 * (`<jobId>-p<index>`), so any speech worker takes any piece and other people's clips are taken in between.
 */
export type TranscriptionSplit = DomainEvent<
  'TranscriptionSplit',
  {
    recordingId: string;
    jobId: string;
    pieces: PieceSpan[];
    /**
     * Speaker labels were asked for: each piece also keeps its voice prints (in the blob store, never here), and
     * the transcript is joined once every piece's speakers are clustered together. Absent: false.
     */
    speakerLabels?: boolean;
    at: string;
  }
>;
/** One piece is transcribed: its segments, times already in seconds of the whole file. */
export type TranscriptPieceTranscribed = DomainEvent<
  'TranscriptPieceTranscribed',
  {
    recordingId: string;
    jobId: string;
    index: number;
    language: string;
    languageProbability: number;
    segments: Segment[];
    /**
     * Who speaks when in the piece (overlaps included), times in seconds of the whole file, under the piece's own
     * labels (relabelled file-wide when the pieces are joined). Absent without speaker labels and on older events.
     */
    speakerTimeline?: readonly SpeakerTurn[];
    engine: string;
    at: string;
  }
>;
export type TranscriptionFailed = DomainEvent<
  'TranscriptionFailed',
  { recordingId: string; jobId: string; code: string; message: string; at: string }
>;
export type TranscriptionCancelled = DomainEvent<
  'TranscriptionCancelled',
  { recordingId: string; jobId: string | null; at: string }
>;
/**
 * The owner corrected the transcript: new texts of some segments (words re-derived, start/end kept) and/or
 * speaker renames (old label -> name, applied to every segment), or a change of its lines (`restructure`: words
 * moved to another speaker, lines merged or split, or the Undo of such a change). `version` is the transcript's
 * new version.
 */
export type TranscriptEdited = DomainEvent<
  'TranscriptEdited',
  {
    recordingId: string;
    version: number;
    segments: EditedSegment[];
    speakers: Record<string, string>;
    /** Absent on plain text edits and on every edit made before lines could be restructured. */
    restructure?: TranscriptSplice;
    at: string;
  }
>;
/**
 * The owner marked a passage of the transcript (a highlight) or wrote a note on it (a comment). The passage is
 * anchored by its times in seconds, so it survives text edits and changes of lines.
 */
export type TranscriptAnnotated = DomainEvent<
  'TranscriptAnnotated',
  {
    recordingId: string;
    annotationId: string;
    kind: 'highlight' | 'comment';
    start: number;
    end: number;
    /** The comment's text (personal data: sealed with the owner's key); null for a highlight. */
    comment: string | null;
    authorId: string;
    at: string;
  }
>;
export type TranscriptAnnotationEdited = DomainEvent<
  'TranscriptAnnotationEdited',
  { recordingId: string; annotationId: string; comment: string; at: string }
>;
export type TranscriptAnnotationRemoved = DomainEvent<
  'TranscriptAnnotationRemoved',
  { recordingId: string; annotationId: string; at: string }
>;
export type RecordingRenamed = DomainEvent<
  'RecordingRenamed',
  { recordingId: string; title: string; at: string }
>;
export type RecordingDeleted = DomainEvent<
  'RecordingDeleted',
  { recordingId: string; deletedAt: string; restorableUntil: string }
>;
export type RecordingRestored = DomainEvent<'RecordingRestored', { recordingId: string; at: string }>;
/**
 * The media blobs were erased: the restore grace period of a deleted recording ran out, or (`reason`
 * `retention`) its workspace keeps media only so long and the transcript stays.
 */
export type RecordingMediaPurged = DomainEvent<
  'RecordingMediaPurged',
  { recordingId: string; blobKeys: string[]; at: string; reason?: 'retention' }
>;

/**
 * The owner's account was erased: the recording is gone for good (its media purged just before, by the same
 * decision), and the read models drop its documents.
 */
export type RecordingErased = DomainEvent<'RecordingErased', { recordingId: string; at: string }>;

export type RecordingEvent =
  | RecordingErased
  | RecordingCreated
  | RecordingUploadCompleted
  | RecordingUploadProgressed
  | RecordingProbed
  | RecordingRejected
  | UnreadableFileKept
  | TranscriptionRequested
  | TranscriptionStarted
  | TranscriptionProgressed
  | TranscriptionCompleted
  | TranscriptionSplit
  | TranscriptPieceTranscribed
  | TranscriptionFailed
  | TranscriptionCancelled
  | TranscriptEdited
  | TranscriptAnnotated
  | TranscriptAnnotationEdited
  | TranscriptAnnotationRemoved
  | RecordingRenamed
  | RecordingDeleted
  | RecordingRestored
  | RecordingMediaPurged
  /** The capabilities written as slices declare their own events (recording/slices.ts). */
  | SliceEvent;

export const RECORDING_EVENT_TYPES: readonly RecordingEvent['type'][] = [
  'RecordingCreated',
  'RecordingUploadCompleted',
  'RecordingUploadProgressed',
  'RecordingProbed',
  'RecordingRejected',
  'UnreadableFileKept',
  'TranscriptionRequested',
  'TranscriptionStarted',
  'TranscriptionProgressed',
  'TranscriptionCompleted',
  'TranscriptionSplit',
  'TranscriptPieceTranscribed',
  'TranscriptionFailed',
  'TranscriptionCancelled',
  'TranscriptEdited',
  'TranscriptAnnotated',
  'TranscriptAnnotationEdited',
  'TranscriptAnnotationRemoved',
  'RecordingRenamed',
  'RecordingDeleted',
  'RecordingRestored',
  'RecordingMediaPurged',
  'RecordingErased',
  ...recordingSlices.eventTypes,
];

// ---- usage stream: `usage-{userId}-{YYYY-MM}` ----
export type MinutesReserved = DomainEvent<
  'MinutesReserved',
  { userId: string; period: string; recordingId: string; seconds: number; at: string }
>;
export type MinutesReleased = DomainEvent<
  'MinutesReleased',
  {
    userId: string;
    period: string;
    recordingId: string;
    seconds: number;
    /**
     * `live-ended`: a live session held what the plan had left while it ran; once stopped, the hold is given back
     * and the seconds really recorded are reserved in its place (a MinutesReserved in the same append).
     */
    reason: 'failed' | 'cancelled' | 'live-ended';
    at: string;
  }
>;
/**
 * The audio decoded for transcription is longer than the probed (container-claimed) duration that was reserved:
 * the difference is counted too. `seconds` is the difference, `totalSeconds` what the recording now holds.
 */
export type ExtraMinutesReserved = DomainEvent<
  'ExtraMinutesReserved',
  { userId: string; period: string; recordingId: string; seconds: number; totalSeconds: number; at: string }
>;
/** An operator's extra minutes for this period (the audit record, with who and why, is on the user's stream). */
export type MinutesGranted = DomainEvent<
  'MinutesGranted',
  { userId: string; period: string; grantId: string; seconds: number; at: string }
>;
export type UsageEvent = MinutesReserved | ExtraMinutesReserved | MinutesReleased | MinutesGranted;

export const recordingStream = (recordingId: string) => `recording-${recordingId}`;
export const usageStream = (userId: string, period: string) => `usage-${userId}-${period}`;
