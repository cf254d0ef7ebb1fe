import type { AnnotationCommand } from '../annotations';
import type { ProbedMedia, TranscriptionOptions } from '../events';
import type { PieceSpan, PieceTranscript } from '../pieces';
import type { PlanId } from '../plans';
import type { TranscriptBody } from '../transcript';
import type { SegmentTextEdit, StructureChange } from '../transcript-edit';
import type { KeepUnreadableFileCommand } from '../unreadable-file';
import type { SliceCommand } from './slices';

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
      /** A workspace the caller may upload into (the API checks the role); absent: personal. */
      workspaceId?: string | null;
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
  /** The file job cut the decoded audio into pieces (seconds of the whole file). */
  | {
      type: 'SplitTranscription';
      jobId: string;
      pieces: readonly PieceSpan[];
      speakerLabels: boolean;
      now: string;
    }
  /** Every piece is in and their speakers were clustered file-wide: per piece, its labels -> file-wide labels. */
  | {
      type: 'JoinPieceSpeakers';
      jobId: string;
      speakers: readonly Readonly<Record<string, string>>[];
      now: string;
    }
  /** One piece's transcript, times already offset to the whole file; the last one completes the transcription. */
  | { type: 'RecordPieceTranscript'; jobId: string; index: number; transcript: PieceTranscript; now: string }
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
  /** Its workspace's retention keeps media only so long: the media goes, the transcript stays. */
  | { type: 'RetireMedia'; blobKeys: string[]; now: string }
  /** The owner's account is being erased: stop any work, purge the media at once (no grace), drop the rest. */
  | { type: 'EraseRecording'; now: string }
  /** The capabilities written as slices declare their own commands (slices.ts). */
  | SliceCommand;

/** One command of the union, by its type: what each command's function takes. */
export type RecordingCommandOf<Type extends RecordingCommand['type']> = Extract<
  RecordingCommand,
  { type: Type }
>;
