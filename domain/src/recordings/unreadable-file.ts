import { DomainError } from '../kernel/errors';
import type { RecordingEvent } from './events';

/**
 * Why a file's content could not be read as audio: the refusals a user may answer with "keep the file anyway".
 * An empty file is not among them (there is nothing to keep), nor are refusals of the account (size, minutes).
 */
export const UNREADABLE_FILE_CODES = [
  'UNSUPPORTED_MEDIA',
  'CORRUPT_MEDIA',
  'NO_AUDIO_STREAM',
  'ZERO_LENGTH',
] as const;
export type UnreadableFileCode = (typeof UNREADABLE_FILE_CODES)[number];

export const isUnreadableFileCode = (code: string): code is UnreadableFileCode =>
  (UNREADABLE_FILE_CODES as readonly string[]).includes(code);

/** The owner keeps a file whose audio could not be read, as a file: stored, downloadable, never transcribed. */
export interface KeepUnreadableFileCommand {
  type: 'KeepUnreadableFile';
  /** The refusal the probe gave, which the recording keeps as its reason. */
  code: string;
  message: string;
  blobKey: string;
  sizeBytes: number;
  now: string;
}

interface UploadingRecording {
  readonly id: string;
  readonly status: string;
  readonly blobKey: string | null;
  readonly media: unknown;
}

export const keepUnreadableFile = (
  command: KeepUnreadableFileCommand,
  state: UploadingRecording,
): RecordingEvent[] => {
  if (state.status === 'unreadable' && state.blobKey === command.blobKey) return [];
  if (!isUnreadableFileCode(command.code))
    throw new DomainError(
      'VALIDATION_FAILED',
      'Only a file whose audio could not be read can be kept as a file.',
    );
  if (state.status !== 'uploading' || state.media || state.blobKey)
    throw new DomainError(
      'RECORDING_STATE_CONFLICT',
      'This recording already holds audio, so there is no unreadable file to keep.',
    );
  if (command.sizeBytes <= 0)
    throw new DomainError('VALIDATION_FAILED', 'The file is empty: there is nothing to keep.');
  return [
    {
      type: 'UnreadableFileKept',
      data: {
        recordingId: state.id,
        code: command.code,
        message: command.message,
        blobKey: command.blobKey,
        sizeBytes: command.sizeBytes,
        at: command.now,
      },
    },
  ];
};
