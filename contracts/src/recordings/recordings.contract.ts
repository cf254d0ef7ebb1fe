import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { PlanId } from '../common/plans';
import { ErrorBody } from '../common/errors';
import { PageNumber } from '../common/paging';
import { SpeakerCount } from './speaker-count';

const c = initContract();

/**
 * Recordings: upload, transcription status, transcript, media and exports.
 *
 * Two ways to upload:
 *
 * 1. One request (scripts): `POST /api/recordings` as multipart/form-data with `file` and optional `title`,
 *    `language` (ISO 639-1 code, absent or "auto" = detect) and `translate` ("true" = English translation).
 *    The answer is the new Recording (status `queued`), or an error naming the problem (415 unsupported or
 *    corrupt media, 400 empty file, 422 NO_AUDIO_STREAM or ZERO_LENGTH (0 s), 413 over the plan's file limit, 402 QUOTA_EXCEEDED).
 *    After a 415 or 422 the same file sent again with `keep` = "unreadable" is kept as a file: the answer is a
 *    Recording with status `unreadable` and `error` saying why, which can be downloaded (`/media`) and deleted
 *    but is never transcribed.
 *
 * 2. Resumable (browsers), the tus 1.0 protocol at `TUS_ENDPOINT` (`/api/uploads`), e.g. with tus-js-client:
 *      new tus.Upload(file, {
 *        endpoint: '/api/uploads',
 *        headers: { 'X-CSRF-Token': <value of the scrivo_csrf cookie> },   // the session cookie is sent too
 *        metadata: { filename, filetype, title, language, translate },     // all strings; see UploadMetadata
 *        chunkSize: 8 * 1024 * 1024,
 *        retryDelays: [0, 1000, 3000, 5000, 10000],
 *        storeFingerprintForResuming: true, removeFingerprintOnSuccess: true,
 *      })
 *    - `POST /api/uploads` (Upload-Length, Upload-Metadata) creates the upload and at once a Recording with
 *      status `uploading`; its id comes back in the `X-Recording-Id` response header (read it in
 *      `onAfterResponse`). Upload-Length over the plan's file limit answers 413; no minutes left answers 402.
 *    - `PATCH /api/uploads/{uploadId}` sends bytes; `HEAD` tells the offset to resume from after a dropped
 *      connection or a page reload (tus-js-client does this by itself from its stored fingerprint). The
 *      recording's `progress` follows the bytes received while it is `uploading`.
 *    - `DELETE /api/uploads/{uploadId}` abandons the upload (tus termination); the recording is removed.
 *    - When the last byte arrives the server probes the file: a good file becomes `queued` (minutes are
 *      reserved from the probed duration); a file with no audio it can read makes that last PATCH answer the
 *      same 4xx error as the one-request upload, and its recording is removed; with no minutes left the
 *      recording becomes `failed` with `error` naming the problem.
 *
 * Live status: `GET /api/recordings/events` is a server-sent-event stream of the caller's recordings (see
 * RecordingStreamEvent). It starts with a `ready` event; on each `ready`, the first included, re-fetch the list and
 * the recording being viewed (the stream does not replay what happened before it opened).
 */
export const TUS_ENDPOINT = '/api/uploads';
export const RECORDING_EVENTS_PATH = '/api/recordings/events';

/** tus Upload-Metadata keys the server reads (all optional except filename). */
export const UploadMetadata = z.object({
  filename: z.string().min(1).max(255),
  /** The browser's idea of the type; informative only: the server decides by probing the content. */
  filetype: z.string().max(255).optional(),
  title: z.string().max(200).optional(),
  /** ISO 639-1 code; absent, empty or "auto" = detect. */
  language: z.string().max(10).optional(),
  /** "true" or "1" = translate to English. */
  translate: z.string().max(5).optional(),
  /** The number of people speaking (1-20 or "auto"), or a range with minSpeakers and maxSpeakers. */
  speakers: z.string().max(5).optional(),
  minSpeakers: z.string().max(5).optional(),
  maxSpeakers: z.string().max(5).optional(),
  /** Names and terms of this recording (one per line or comma-separated), and a line of context. */
  terms: z.string().max(11_000).optional(),
  context: z.string().max(600).optional(),
  /** Upload into this workspace (the caller needs the member role or higher there); absent: their own space. */
  workspaceId: z.string().min(1).max(100).optional(),
});
export type UploadMetadata = z.infer<typeof UploadMetadata>;

// ---- canonical transcript ----
export const TranscriptWord = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
  probability: z.number().min(0).max(1),
});
export type TranscriptWord = z.infer<typeof TranscriptWord>;

export const TranscriptSegment = z.object({
  id: z.number().int().nonnegative(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
  /** Speaker label when known (diarization), null otherwise. */
  speaker: z.string().nullable(),
  words: z.array(TranscriptWord),
  /**
   * ISO 639-1 code of this segment's language, when the engine detects it per segment (a recording that switches
   * language); the transcript's `language` is the main one. Absent on older transcripts.
   */
  language: z.string().optional(),
  /** 0..1: how sure the engine is of this segment's words, when it says. */
  confidence: z.number().min(0).max(1).optional(),
  /** The words here are likely wrong (mumbling, noise): shown marked. Absent or false otherwise. */
  lowConfidence: z.boolean().optional(),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegment>;

/**
 * One stretch of one person's speech, in seconds. One speaker's turns never overlap, two speakers' may: the
 * diarizer hears up to two voices at once.
 */
export const SpeakerTurn = z.object({
  /** The same label as the segments' `speaker`, renamed with them. */
  speaker: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
});
export type SpeakerTurn = z.infer<typeof SpeakerTurn>;

/** A long recording is cut into pieces transcribed one by one: how many are done of how many. */
export const PiecesDone = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().positive(),
});
export type PiecesDone = z.infer<typeof PiecesDone>;

export const Transcript = z.object({
  recordingId: z.string(),
  /** ISO 639-1 code of the spoken (or, when translated, the output) language. */
  language: z.string(),
  languageProbability: z.number().min(0).max(1),
  durationSeconds: z.number().nonnegative(),
  text: z.string(),
  segments: z.array(TranscriptSegment),
  /**
   * Who speaks when, overlaps included, sorted by start. Present when speakers were labelled (since issue 40);
   * absent without speaker labels, on engines that cannot tell and on older transcripts.
   */
  speakerTimeline: z.array(SpeakerTurn).optional(),
  /** Which engine and model produced it, e.g. "local-whisper:base". */
  engine: z.string(),
  createdAt: z.string(),
  /** 1 when transcribed, +1 per saved edit; send it back with `PATCH .../transcript` (optimistic concurrency). */
  version: z.number().int().positive(),
  /** When the last edit was saved, null when never edited. */
  editedAt: z.string().nullable(),
  /** Who saved the last edit (in a workspace, any member may edit); null when never edited. */
  editedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * Present while a long recording is still being transcribed in pieces: the transcript so far holds the
   * segments of the finished pieces only (it cannot be edited, annotated or exported yet).
   */
  partial: PiecesDone.optional(),
});
export type Transcript = z.infer<typeof Transcript>;

/** Same limits as the domain (a sentence or two per segment; a name). */
export const MAX_SEGMENT_TEXT_LENGTH = 2000;
export const MAX_SPEAKER_NAME_LENGTH = 100;

/**
 * An edit of a completed transcript (Premium and Business Pro). `version` is the one the editor started from:
 * if another tab or device saved in between, the answer is 409 TRANSCRIPT_VERSION_CONFLICT with
 * `details.currentVersion`. Edited segments keep their start/end; their word times are spread over the segment.
 */
export const EditTranscriptBody = z
  .object({
    version: z.number().int().positive(),
    /** New texts by segment index (0-based position in `segments`). */
    segments: z
      .array(
        z.object({
          index: z.number().int().nonnegative(),
          text: z
            .string()
            .trim()
            .min(1, 'Segment text cannot be empty')
            .max(
              MAX_SEGMENT_TEXT_LENGTH,
              `Segment text can be at most ${MAX_SEGMENT_TEXT_LENGTH} characters`,
            ),
        }),
      )
      .max(10000)
      .optional(),
    /** Speaker renames, old label -> new name, applied to every segment with that label. */
    speakers: z
      .record(
        z.string().min(1).max(MAX_SPEAKER_NAME_LENGTH),
        z
          .string()
          .trim()
          .min(1, 'Speaker name cannot be empty')
          .max(MAX_SPEAKER_NAME_LENGTH, `Speaker name can be at most ${MAX_SPEAKER_NAME_LENGTH} characters`),
      )
      .optional(),
  })
  .refine((b) => (b.segments?.length ?? 0) > 0 || Object.keys(b.speakers ?? {}).length > 0, {
    message: 'Nothing to change: send segments or speakers',
  });
export type EditTranscriptBody = z.infer<typeof EditTranscriptBody>;

const WordPosition = z.object({
  /** 0-based position in `segments`. */
  segment: z.number().int().nonnegative(),
  /** 0-based position in that segment's `words`. */
  word: z.number().int().nonnegative(),
});

/**
 * A change of the transcript's lines (Premium and Business Pro), saved as a new version like an edit: words or
 * whole lines given to a speaker (an existing one or a new name), a line merged into the one before it, a line
 * split before a word, or `undo` (takes back the newest such change since the last text edit; 409 NOTHING_TO_UNDO
 * otherwise). Same 402/409 rules as the edit.
 */
export const RestructureTranscriptBody = z.object({
  version: z.number().int().positive(),
  change: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('assignSpeaker'),
      from: WordPosition,
      to: WordPosition,
      speaker: z
        .string()
        .trim()
        .min(1, 'Speaker name cannot be empty')
        .max(MAX_SPEAKER_NAME_LENGTH, `Speaker name can be at most ${MAX_SPEAKER_NAME_LENGTH} characters`),
    }),
    z.object({ kind: z.literal('mergeWithPrevious'), index: z.number().int().nonnegative() }),
    z.object({
      kind: z.literal('split'),
      index: z.number().int().nonnegative(),
      word: z.number().int().nonnegative(),
    }),
    z.object({ kind: z.literal('undo') }),
  ]),
});
export type RestructureTranscriptBody = z.infer<typeof RestructureTranscriptBody>;

// ---- recordings ----
export const RecordingStatus = z.enum([
  'uploading',
  'queued',
  'transcribing',
  'completed',
  'failed',
  'cancelled',
  /** The file's audio could not be read and its owner kept it as a file (`error` says why): never transcribed. */
  'unreadable',
]);
export type RecordingStatus = z.infer<typeof RecordingStatus>;

export const TranscriptionOptions = z.object({
  /** ISO 639-1 code chosen by the user, or null to detect. */
  language: z.string().nullable(),
  /** Translate to English. */
  translate: z.boolean(),
  /** How many people speak, when the uploader said (exact: min = max); null or absent: estimated. */
  speakers: SpeakerCount.nullable().optional(),
  /** This upload's own names and terms, and its line of context; null or absent: none. */
  vocabulary: z
    .object({ terms: z.array(z.string()), context: z.string().nullable() })
    .nullable()
    .optional(),
});
export type TranscriptionOptions = z.infer<typeof TranscriptionOptions>;

export const RecordingError = z.object({ code: z.string(), message: z.string() });

export const Recording = z.object({
  id: z.string(),
  title: z.string(),
  status: RecordingStatus,
  /** 0..1: bytes received while uploading, audio transcribed while transcribing, 1 when completed. */
  progress: z.number().min(0).max(1),
  durationSeconds: z.number().nullable(),
  language: z.string().nullable(),
  languageProbability: z.number().nullable(),
  sizeBytes: z.number().int().nullable(),
  mimeType: z.string().nullable(),
  mediaKind: z.enum(['audio', 'video']).nullable(),
  originalFilename: z.string().nullable(),
  options: TranscriptionOptions,
  error: RecordingError.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /**
   * A long recording transcribed in pieces: how many are done (`progress` is done / total); while some are,
   * `GET .../transcript` answers with their segments. Null or absent: the file is one unit.
   */
  pieces: PiecesDone.nullable().optional(),
  /** Its owner keeps it at the top of the library (`POST .../pin`). Absent: not pinned. */
  pinned: z.boolean().optional(),
  /**
   * The workspace it is in (uploaded into, or moved to with `POST .../move`; see the workspaces contract); null or
   * absent: the uploader's own.
   */
  workspaceId: z.string().nullable().optional(),
  /**
   * The account that uploaded it: the one person who deletes, moves, shares or spends minutes on it (a workspace's
   * members see whose it is).
   */
  ownerId: z.string().optional(),
  /**
   * When its workspace's retention removed the media (the transcript stays; `GET .../media` answers 410).
   * Absent or null: the media is kept.
   */
  mediaRetiredAt: z.string().nullable().optional(),
  /**
   * What its workspace's retention will remove (`media`, or the whole `recording` to the bin) and when; `soon` in
   * the last 7 days. On the recording's page and the library list; null or absent: nothing is due.
   */
  removal: z
    .object({ at: z.string(), scope: z.enum(['media', 'recording']), soon: z.boolean() })
    .nullable()
    .optional(),
});
export type Recording = z.infer<typeof Recording>;

export const RecordingListItem = Recording.extend({
  /** With `q`: a short excerpt of the transcript around the first match (plain text), else null. */
  snippet: z.string().nullable(),
  /** With `q`: where the query matched. */
  matchedIn: z.array(z.enum(['title', 'transcript'])),
  /** Its folder in the library (see the library contract), or null. */
  folderId: z.string().nullable(),
  tagIds: z.array(z.string()),
});
export type RecordingListItem = z.infer<typeof RecordingListItem>;

export const RecordingList = z.object({
  items: z.array(RecordingListItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type RecordingList = z.infer<typeof RecordingList>;

export const ListRecordingsQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['date', 'title', 'duration']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Only the recordings in this folder. */
  folder: z.string().min(1).max(100).optional(),
  /** Only the recordings with this tag. */
  tag: z.string().min(1).max(100).optional(),
  /**
   * A workspace's recordings (any member may list them) instead of the caller's own; 404 when the caller is not a
   * member. Without it: the caller's own uploads, those they put in workspaces included.
   */
  workspaceId: z.string().min(1).max(100).optional(),
});

export const UpdateRecordingBody = z.object({ title: z.string().trim().min(1).max(200) });

export const PinRecordingBody = z.object({ pinned: z.boolean() });

/** Where to move a recording: a workspace's id, or null for the uploader's personal space. */
export const MoveRecordingBody = z.object({ workspaceId: z.string().min(1).max(100).nullable() });
export type MoveRecordingBody = z.infer<typeof MoveRecordingBody>;

export const DeletedRecording = z.object({
  id: z.string(),
  deletedAt: z.string(),
  /** `POST /api/recordings/{id}/restore` works until then. */
  restorableUntil: z.string(),
});
export type DeletedRecording = z.infer<typeof DeletedRecording>;

/** `rttm`: who speaks when (NIST RTTM, one `SPEAKER` line per turn), for diarization scorers. */
export const ExportFormat = z.enum(['txt', 'srt', 'vtt', 'docx', 'pdf', 'json', 'rttm']);
export type ExportFormat = z.infer<typeof ExportFormat>;

const queryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const ExportQuery = z.object({
  format: ExportFormat,
  /** Include timestamps (txt, docx, pdf). Default true. */
  timestamps: queryBool,
  /** Include speaker names when known (all formats; rttm numbers the people instead). Default true. */
  speakers: queryBool,
  /** Put the summary first (txt, docx, pdf; json always carries it when there is one). Default false. */
  summary: queryBool,
  /**
   * Mark highlighted passages and add comments after their paragraph (txt, docx, pdf; json as an `annotations`
   * list). Default false; srt and vtt never carry them.
   */
  annotations: queryBool,
  /** A translation's language: the export is in that language, with the original's times. */
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'a two-letter language code such as "de"')
    .optional(),
});

// ---- highlights and comments ----
/** Same limit as the domain. */
export const MAX_COMMENT_LENGTH = 2000;

const CommentText = z
  .string()
  .trim()
  .min(1, 'A comment cannot be empty')
  .max(MAX_COMMENT_LENGTH, `A comment can be at most ${MAX_COMMENT_LENGTH} characters`);

/** A passage by its times in seconds: it stays on the same words through text edits and changes of lines. */
const Passage = {
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
};

/** A highlight (marked passage) or a comment on a passage, by the recording's owner (only they see them). */
export const Annotation = z.object({
  id: z.string(),
  kind: z.enum(['highlight', 'comment']),
  ...Passage,
  /** The comment's text; null for a highlight. */
  comment: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Annotation = z.infer<typeof Annotation>;

/** Every highlight and comment of a recording, in the order of their passages. */
export const AnnotationList = z.object({ annotations: z.array(Annotation) });
export type AnnotationList = z.infer<typeof AnnotationList>;

/** The passage must lie inside the transcript (else 400); a comment needs 1 to 2,000 characters. */
export const AddAnnotationBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('highlight'), ...Passage }),
  z.object({ kind: z.literal('comment'), ...Passage, comment: CommentText }),
]);
export type AddAnnotationBody = z.infer<typeof AddAnnotationBody>;

export const EditAnnotationBody = z.object({ comment: CommentText });
export type EditAnnotationBody = z.infer<typeof EditAnnotationBody>;

// ---- usage ----
export const Usage = z.object({
  plan: PlanId,
  minutesUsed: z.number().nonnegative(),
  /** null = unlimited. */
  minutesAllowed: z.number().nullable(),
  /** null = unlimited. */
  minutesLeft: z.number().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Largest file this account may upload, in bytes. */
  maxUploadBytes: z.number().int(),
});
export type Usage = z.infer<typeof Usage>;

// ---- live stream (server-sent events at RECORDING_EVENTS_PATH) ----
/**
 * Each SSE message has `event: <type>` and `data: <JSON of this object>`:
 * `ready` once after connecting, `recording` whenever one of the caller's recordings changes (the full
 * snapshot), `removed` when one is deleted. A comment line (`: ping`) is sent every 20 s.
 */
export const RecordingStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('recording'), recording: Recording }),
  z.object({ type: z.literal('removed'), id: z.string() }),
]);
export type RecordingStreamEvent = z.infer<typeof RecordingStreamEvent>;

// 403: a workspace member whose role does not allow it (a viewer editing, a member deleting the uploader's recording).
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: z.string().min(1).max(100) });
const AnnotationParams = IdParams.extend({ annotationId: z.string().min(1).max(100) });

export const recordingsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/recordings',
    query: ListRecordingsQuery,
    responses: { 200: RecordingList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
    summary:
      "The caller's recordings, or a workspace's (`workspaceId`), paged; `q` searches titles and transcript text",
  },
  create: {
    method: 'POST',
    path: '/api/recordings',
    contentType: 'multipart/form-data',
    body: c.type<{
      file: Blob;
      title?: string;
      language?: string;
      translate?: string;
      /** The number of people speaking, when known (1-20, or "auto"); or a range with the two below. */
      speakers?: string;
      minSpeakers?: string;
      maxSpeakers?: string;
      /** Names and terms of this recording (one per line or comma-separated), and a line about it. */
      terms?: string;
      context?: string;
      keep?: 'unreadable';
      /** Upload into this workspace (member role or higher there: else 403, or 404 when not a member). */
      workspaceId?: string;
    }>(),
    responses: {
      201: Recording,
      400: ErrorBody,
      401: ErrorBody,
      402: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
      413: ErrorBody,
      415: ErrorBody,
      422: ErrorBody,
      /** Storage full (STORAGE_FULL), or saved but the server is catching up (READ_MODELS_BEHIND, with details.recordingId). */
      503: ErrorBody,
    },
    summary:
      'Upload a file in one request (multipart: file, title?, language?, translate?, speakers? or minSpeakers?/maxSpeakers?, terms?, context?, keep?, workspaceId?) and queue it (keep=unreadable: keep a file with no readable audio as a file)',
  },
  events: {
    method: 'GET',
    path: RECORDING_EVENTS_PATH,
    responses: {
      200: c.otherResponse({ contentType: 'text/event-stream', body: c.type<string>() }),
      401: ErrorBody,
    },
    summary: "Server-sent events: live snapshots of the caller's recordings (see RecordingStreamEvent)",
  },
  get: {
    method: 'GET',
    path: '/api/recordings/:id',
    pathParams: IdParams,
    responses: { 200: Recording, ...errors },
    summary: 'One recording: status, progress, duration, language, title',
  },
  update: {
    method: 'PATCH',
    path: '/api/recordings/:id',
    pathParams: IdParams,
    body: UpdateRecordingBody,
    responses: { 200: Recording, ...errors },
    summary: 'Rename a recording',
  },
  pin: {
    method: 'POST',
    path: '/api/recordings/:id/pin',
    pathParams: IdParams,
    body: PinRecordingBody,
    responses: { 200: Recording, 409: ErrorBody, ...errors },
    summary: 'Pin a recording to the top of the library, or unpin it',
  },
  move: {
    method: 'POST',
    path: '/api/recordings/:id/move',
    pathParams: IdParams,
    body: MoveRecordingBody,
    responses: { 200: Recording, 409: ErrorBody, ...errors },
    summary:
      "Move a recording to a workspace (null: the uploader's personal space); the uploader only, into a workspace " +
      'where they are a member or above (a viewer 403, not a member 404)',
  },
  remove: {
    method: 'DELETE',
    path: '/api/recordings/:id',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: DeletedRecording, ...errors },
    summary: 'Delete a recording (restorable for a grace period; media is erased after it)',
  },
  restore: {
    method: 'POST',
    path: '/api/recordings/:id/restore',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: Recording, 409: ErrorBody, ...errors },
    summary: 'Undo a delete within the grace period',
  },
  cancel: {
    method: 'POST',
    path: '/api/recordings/:id/cancel',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: Recording, 409: ErrorBody, ...errors },
    summary: 'Cancel a queued or running transcription (reserved minutes are given back)',
  },
  retry: {
    method: 'POST',
    path: '/api/recordings/:id/retry',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 202: Recording, 402: ErrorBody, 409: ErrorBody, ...errors },
    summary: 'Transcribe again a failed or cancelled recording',
  },
  transcript: {
    method: 'GET',
    path: '/api/recordings/:id/transcript',
    pathParams: IdParams,
    responses: { 200: Transcript, 409: ErrorBody, ...errors },
    summary:
      'The canonical transcript (409 TRANSCRIPT_NOT_READY until completed; a long recording shows its finished pieces, with `partial`)',
  },
  editTranscript: {
    method: 'PATCH',
    path: '/api/recordings/:id/transcript',
    pathParams: IdParams,
    body: EditTranscriptBody,
    responses: { 200: Transcript, 402: ErrorBody, 409: ErrorBody, ...errors },
    summary:
      'Edit a completed transcript: segment texts and speaker names (402 PLAN_UPGRADE_REQUIRED on Free, 409 TRANSCRIPT_VERSION_CONFLICT with details.currentVersion when stale)',
  },
  restructureTranscript: {
    method: 'POST',
    path: '/api/recordings/:id/transcript/changes',
    pathParams: IdParams,
    body: RestructureTranscriptBody,
    responses: { 200: Transcript, 402: ErrorBody, 409: ErrorBody, ...errors },
    summary:
      'Change the lines of a completed transcript: words to a speaker, merge, split, or undo the last such change (a new version, like an edit)',
  },
  annotations: {
    method: 'GET',
    path: '/api/recordings/:id/annotations',
    pathParams: IdParams,
    responses: { 200: AnnotationList, ...errors },
    summary: "The owner's highlights and comments on the transcript (never shown through share links)",
  },
  addAnnotation: {
    method: 'POST',
    path: '/api/recordings/:id/annotations',
    pathParams: IdParams,
    body: AddAnnotationBody,
    responses: { 201: AnnotationList, 409: ErrorBody, ...errors },
    summary:
      'Highlight a passage of a completed transcript, or comment on it (400 for an empty or too long comment or a passage outside the transcript)',
  },
  editAnnotation: {
    method: 'PATCH',
    path: '/api/recordings/:id/annotations/:annotationId',
    pathParams: AnnotationParams,
    body: EditAnnotationBody,
    responses: { 200: AnnotationList, ...errors },
    summary: "Change a comment's text",
  },
  removeAnnotation: {
    method: 'DELETE',
    path: '/api/recordings/:id/annotations/:annotationId',
    pathParams: AnnotationParams,
    body: c.noBody(),
    responses: { 200: AnnotationList, ...errors },
    summary: 'Delete a highlight or comment',
  },
  media: {
    method: 'GET',
    path: '/api/recordings/:id/media',
    pathParams: IdParams,
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: c.type<Blob>() }),
      206: c.otherResponse({ contentType: 'application/octet-stream', body: c.type<Blob>() }),
      /** The upload has not finished. */
      409: ErrorBody,
      /** Its workspace's retention removed the media (the transcript stays). */
      410: ErrorBody,
      416: ErrorBody,
      ...errors,
    },
    summary: 'The original file for playback; honours Range requests (206) so players can seek',
  },
  export: {
    method: 'GET',
    path: '/api/recordings/:id/export',
    pathParams: IdParams,
    query: ExportQuery,
    responses: {
      // What a client reads: txt, srt, vtt and rttm as text, json parsed, docx and pdf as a Blob.
      200: c.otherResponse({
        contentType: 'application/octet-stream',
        body: c.type<string | Blob | Record<string, unknown>>(),
      }),
      409: ErrorBody,
      ...errors,
    },
    summary: 'Download the transcript as txt, srt, vtt, docx, pdf, json or rttm (attachment)',
  },
  usage: {
    method: 'GET',
    path: '/api/usage',
    responses: { 200: Usage, 401: ErrorBody },
    summary: "Minutes used and left this month, and the file size limit, for the caller's plan",
  },
});
