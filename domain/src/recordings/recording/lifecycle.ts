import { DomainError } from '../../kernel/errors';
import type { RecordingEvent } from '../events';
import type { RecordingCommandOf } from './commands';
import { conflict, mediaBlobKeys, type RecordingState } from './state';

/** How long a deleted recording can be restored (the UI's "Undo"). */
export const DEFAULT_RESTORE_GRACE_SECONDS = 30 * 24 * 3600;

export const cleanTitle = (title: string): string => {
  const trimmed = title.replace(/\s+/g, ' ').trim();
  if (trimmed.length === 0) throw new DomainError('VALIDATION_FAILED', 'The title cannot be empty.');
  if (trimmed.length > 200)
    throw new DomainError('VALIDATION_FAILED', 'The title can be at most 200 characters.');
  return trimmed;
};

export const renameRecording = (
  command: RecordingCommandOf<'RenameRecording'>,
  state: RecordingState,
): RecordingEvent[] => [
  {
    type: 'RecordingRenamed',
    data: { recordingId: state.id, title: cleanTitle(command.title), at: command.now },
  },
];

export const deleteRecording = (
  command: RecordingCommandOf<'DeleteRecording'>,
  state: RecordingState,
): RecordingEvent[] => {
  const restorableUntil = new Date(Date.parse(command.now) + command.graceSeconds * 1000).toISOString();
  const deleted: RecordingEvent = {
    type: 'RecordingDeleted',
    data: { recordingId: state.id, deletedAt: command.now, restorableUntil },
  };
  // Deleting stops the work in progress too; the reactors cancel its job and give the minutes back.
  if (state.status === 'queued' || state.status === 'transcribing')
    return [
      {
        type: 'TranscriptionCancelled',
        data: { recordingId: state.id, jobId: state.jobId, at: command.now },
      },
      deleted,
    ];
  return [deleted];
};

export const restoreRecording = (
  command: RecordingCommandOf<'RestoreRecording'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (!state.deleted) return [];
  if (state.purged || Date.parse(command.now) > Date.parse(state.deleted.restorableUntil))
    throw new DomainError('RESTORE_EXPIRED', 'This recording was deleted too long ago to be restored.');
  return [{ type: 'RecordingRestored', data: { recordingId: state.id, at: command.now } }];
};

export const purgeMedia = (
  command: RecordingCommandOf<'PurgeMedia'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.purged) return [];
  if (!state.deleted || Date.parse(command.now) <= Date.parse(state.deleted.restorableUntil))
    throw conflict('Media is only erased once the restore grace period of a deleted recording is over.');
  return [
    {
      type: 'RecordingMediaPurged',
      data: { recordingId: state.id, blobKeys: command.blobKeys, at: command.now },
    },
  ];
};

export const retireMedia = (
  command: RecordingCommandOf<'RetireMedia'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.purged) return [];
  // The transcript is what is kept: media still being transcribed is not retired under it.
  if (state.status === 'queued' || state.status === 'transcribing')
    throw conflict('Media is retired only once its transcription is over.');
  return [
    {
      type: 'RecordingMediaPurged',
      data: { recordingId: state.id, blobKeys: command.blobKeys, at: command.now, reason: 'retention' },
    },
  ];
};

export const eraseRecording = (
  command: RecordingCommandOf<'EraseRecording'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.erased) return [];
  const id = state.id;
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
};
