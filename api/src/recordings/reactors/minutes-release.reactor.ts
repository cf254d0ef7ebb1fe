import { type Actor, type Reactor, type RecordedEvent, toDomainEvent } from '@scrivo/domain';
import type {
  TranscriptionCancelled,
  TranscriptionFailed,
  TranscriptionRequested,
} from '@scrivo/domain/recordings';
import type { RecordingCommands } from '../recording-commands';

const actor: Actor = { kind: 'system', id: 'minutes-release' };

/**
 * An attempt that ended without a transcript (failed, or cancelled by its owner or by a delete) gives its
 * minutes back. Releasing is keyed by the recording's reservation, which a release removes, so a replay finds
 * nothing left to give. A newer request on the same recording (a retry) owns the reservation from then on, so
 * an old failure reached late releases nothing.
 */
export const minutesReleaseReactor = (deps: { readonly commands: RecordingCommands }): Reactor => ({
  name: 'minutes-release',
  eventTypes: ['TranscriptionFailed', 'TranscriptionCancelled'],
  async react(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as
      TranscriptionFailed | TranscriptionCancelled;
    const { state, events } = await deps.commands.load(event.data.recordingId);
    if (!state.ownerId || event.data.jobId === null || event.data.jobId !== state.jobId) return;
    if (state.status !== 'failed' && state.status !== 'cancelled') return;
    // The reservation sits in the usage period of the request.
    const jobId = event.data.jobId;
    const request = events
      .map(toDomainEvent)
      .find(
        (e): e is TranscriptionRequested => e.type === 'TranscriptionRequested' && e.data.jobId === jobId,
      );
    if (!request) return;
    await deps.commands.releaseMinutes(
      state.ownerId,
      event.data.recordingId,
      request.data.requestedAt,
      event.type === 'TranscriptionFailed' ? 'failed' : 'cancelled',
      actor,
      recorded.metadata.correlationId,
      recorded.metadata.eventId,
    );
  },
});
