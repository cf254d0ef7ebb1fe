import type { BlobStore, Reactor, RecordedEvent } from '@scrivo/domain';
import {
  recordingDecider,
  type RecordingEvent,
  recordingStream,
  type TranscriptionSplit,
} from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { pieceKey, speakersKey } from '../transcription-pieces';

type Handled = Extract<
  RecordingEvent,
  {
    type:
      | 'TranscriptionCompleted'
      | 'TranscriptionFailed'
      | 'TranscriptionCancelled'
      | 'RecordingDeleted'
      | 'RecordingErased';
  }
>;

/**
 * The pieces of a long recording's audio (and their speakers' voice prints, biometric data) are only needed
 * while it is transcribed: once the attempt ends
 * (completed, failed, cancelled) its pieces are erased, and a deleted or erased recording loses every piece cut
 * before it. Keyed by the attempt's job id and by the stream position, so a replay after a crash never erases a
 * later attempt's pieces; deleting a missing blob is no error.
 */
export const pieceAudioErasureReactor = (deps: {
  readonly runner: StreamRunner;
  readonly blobs: BlobStore;
}): Reactor => ({
  name: 'piece-audio-erasure',
  eventTypes: [
    'TranscriptionCompleted',
    'TranscriptionFailed',
    'TranscriptionCancelled',
    'RecordingDeleted',
    'RecordingErased',
  ],
  async react(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const { recordingId } = event.data;
    const endedJob =
      event.type === 'RecordingDeleted' || event.type === 'RecordingErased' ? null : event.data.jobId;
    const { events } = await deps.runner.load(recordingDecider, recordingStream(recordingId));
    const splits = events
      .filter((e) => e.streamRevision < recorded.streamRevision && e.type === 'TranscriptionSplit')
      .map((e) => e.data as TranscriptionSplit['data'])
      .filter((split) => endedJob === null || split.jobId === endedJob);
    for (const split of splits)
      for (const piece of split.pieces) {
        await deps.blobs.delete(pieceKey(recordingId, split.jobId, piece.index));
        await deps.blobs.delete(speakersKey(recordingId, split.jobId, piece.index));
      }
  },
});
