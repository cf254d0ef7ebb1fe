import type { RecordingEvent } from '../events';
import type { RecordingCommandOf } from './commands';
import { cleanTitle } from './lifecycle';
import { conflict, type RecordingState } from './state';

export const createRecording = (
  command: RecordingCommandOf<'CreateRecording'>,
  state: RecordingState,
): RecordingEvent[] => {
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
        // Only when there is one, so that personal recordings' events stay as they were.
        ...(command.workspaceId ? { workspaceId: command.workspaceId } : {}),
      },
    },
  ];
};

export const completeUpload = (
  command: RecordingCommandOf<'CompleteUpload'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.blobKey) return [];
  if (state.status !== 'uploading') throw conflict('This recording is not waiting for an upload.');
  return [
    {
      type: 'RecordingUploadCompleted',
      data: {
        recordingId: state.id,
        blobKey: command.blobKey,
        ...(command.sourceBlobKey ? { sourceBlobKey: command.sourceBlobKey } : {}),
        sizeBytes: command.sizeBytes,
        completedAt: command.now,
      },
    },
  ];
};

export const reportUploadProgress = (
  command: RecordingCommandOf<'ReportUploadProgress'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.status !== 'uploading' || state.blobKey || command.totalBytes <= 0) return [];
  // 1 only once the upload is complete and stored; the bytes alone are not the end of it.
  const progress = Math.min(0.99, Math.max(0, command.receivedBytes / command.totalBytes));
  if (progress <= state.lastProgress) return [];
  return [
    {
      type: 'RecordingUploadProgressed',
      data: { recordingId: state.id, receivedBytes: command.receivedBytes, progress, at: command.now },
    },
  ];
};

export const recordProbe = (
  command: RecordingCommandOf<'RecordProbe'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.media) return [];
  return [
    { type: 'RecordingProbed', data: { recordingId: state.id, media: command.media, at: command.now } },
  ];
};

export const rejectRecording = (
  command: RecordingCommandOf<'RejectRecording'>,
  state: RecordingState,
): RecordingEvent[] => {
  if (state.status === 'failed') return [];
  return [
    {
      type: 'RecordingRejected',
      data: { recordingId: state.id, code: command.code, message: command.message, at: command.now },
    },
  ];
};
