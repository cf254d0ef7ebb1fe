import type { Decider } from '../../kernel/decider';
import { decideAnnotation } from '../annotations';
import type { RecordingEvent } from '../events';
import { keepUnreadableFile } from '../unreadable-file';
import type { RecordingCommand } from './commands';
import { evolve } from './evolve';
import { recordingSlices } from './slices';
import {
  deleteRecording,
  eraseRecording,
  purgeMedia,
  renameRecording,
  restoreRecording,
  retireMedia,
} from './lifecycle';
import {
  existingRecording,
  initialState,
  type RecordingState,
  undeletedRecording,
  unerasedRecording,
} from './state';
import { editTranscript, restructureTranscript } from './transcript-changes';
import {
  cancelTranscription,
  completeTranscription,
  failTranscription,
  joinPieceSpeakers,
  progressTranscription,
  recordPieceTranscript,
  requestTranscription,
  splitTranscription,
  startTranscription,
} from './transcription';
import {
  completeUpload,
  createRecording,
  recordProbe,
  rejectRecording,
  reportUploadProgress,
} from './upload';

/**
 * One pure function per command (Emmett's shape); this only picks it and the recordings it may act on. Once
 * erased, a recording refuses every command but create and erase (both then change nothing). A deleted one answers only restore, purge and the
 * worker's messages: a worker is not refused, its job checks ignore the late message.
 */
const decide = (command: RecordingCommand, state: RecordingState): RecordingEvent[] => {
  switch (command.type) {
    case 'CreateRecording':
      return createRecording(command, state);
    case 'EraseRecording':
      return eraseRecording(command, existingRecording(state));
    case 'PurgeMedia':
      return purgeMedia(command, unerasedRecording(state));
    case 'RetireMedia':
      return retireMedia(command, undeletedRecording(state));
    case 'RestoreRecording':
      return restoreRecording(command, unerasedRecording(state));
    case 'StartTranscription':
      return startTranscription(command, unerasedRecording(state));
    case 'ProgressTranscription':
      return progressTranscription(command, unerasedRecording(state));
    case 'CompleteTranscription':
      return completeTranscription(command, unerasedRecording(state));
    case 'SplitTranscription':
      return splitTranscription(command, unerasedRecording(state));
    case 'RecordPieceTranscript':
      return recordPieceTranscript(command, unerasedRecording(state));
    case 'JoinPieceSpeakers':
      return joinPieceSpeakers(command, unerasedRecording(state));
    case 'FailTranscription':
      return failTranscription(command, unerasedRecording(state));
    case 'CompleteUpload':
      return completeUpload(command, undeletedRecording(state));
    case 'ReportUploadProgress':
      return reportUploadProgress(command, undeletedRecording(state));
    case 'RecordProbe':
      return recordProbe(command, undeletedRecording(state));
    case 'RejectRecording':
      return rejectRecording(command, undeletedRecording(state));
    case 'KeepUnreadableFile':
      return keepUnreadableFile(command, undeletedRecording(state));
    case 'RequestTranscription':
      return requestTranscription(command, undeletedRecording(state));
    case 'CancelTranscription':
      return cancelTranscription(command, undeletedRecording(state));
    case 'EditTranscript':
      return editTranscript(command, undeletedRecording(state));
    case 'RestructureTranscript':
      return restructureTranscript(command, undeletedRecording(state));
    case 'AnnotateTranscript':
    case 'EditAnnotation':
    case 'RemoveAnnotation':
      return decideAnnotation(command, undeletedRecording(state));
    case 'RenameRecording':
      return renameRecording(command, undeletedRecording(state));
    case 'DeleteRecording':
      return deleteRecording(command, undeletedRecording(state));
    default:
      // The capabilities written as slices (slices.ts) pick their own function and say how a deleted one answers.
      return recordingSlices.decide(command, unerasedRecording(state));
  }
};

/** One recording's life: upload, probe, transcription attempts (each tied to a job), rename, delete/restore. */
export const recordingDecider: Decider<RecordingCommand, RecordingEvent, RecordingState> = {
  initialState,
  decide,
  evolve,
};
