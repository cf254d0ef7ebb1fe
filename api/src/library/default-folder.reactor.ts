import type { Reactor, RecordedEvent } from '@scrivo/domain';
import { libraryDecider, libraryStream } from '@scrivo/domain/library';
import type { RecordingCreated } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../infrastructure/stream-runner';

/**
 * A new recording goes to its owner's default folder. Keyed by the recording: the library decider files a
 * recording there only if it was never filed, so a replay after a crash (or a move the owner made first)
 * changes nothing.
 */
export const defaultFolderReactor = (deps: { readonly runner: StreamRunner }): Reactor => ({
  name: 'default-folder',
  eventTypes: ['RecordingCreated'],
  async react(recorded: RecordedEvent) {
    const { recordingId, ownerId } = (recorded as RecordedEvent<RecordingCreated>).data;
    await deps.runner.run(
      libraryDecider,
      libraryStream(ownerId),
      { type: 'FileNewRecording', userId: ownerId, recordingId, now: deps.runner.now() },
      {
        actor: { kind: 'system', id: 'library' },
        correlationId: recorded.metadata.correlationId,
        causationId: recorded.metadata.eventId,
      },
    );
  },
});
