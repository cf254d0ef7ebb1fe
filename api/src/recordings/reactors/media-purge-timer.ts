import type { Actor, Clock, ReadModelStore } from '@scrivo/domain';
import {
  MEDIA_PURGE_DUE_COLLECTION,
  type MediaPurgeDueDoc,
  mediaBlobKeys,
  recordingDecider,
  recordingStream,
} from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { PeriodicWork } from '../../infrastructure/periodic-work';
import type { WorkerLogger } from '../../jobs/worker-logger';

const actor: Actor = { kind: 'system', id: 'media-purge' };
const BATCH = 100;

/**
 * Decides the erasure of deleted recordings' media once their restore grace period is over, from the due list
 * the media-purge-due projection keeps; the media-erasure reactor then deletes the bytes. Runs where the
 * projections run (one process). The recording decider ignores a second purge, so an overlap is harmless.
 */
export class MediaPurgeTimer extends PeriodicWork {
  constructor(
    private readonly deps: {
      /** The background runner: the timer runs beside the projections and must not wait for them. */
      readonly runner: StreamRunner;
      readonly readModels: ReadModelStore;
      readonly clock: Clock;
      readonly logger: WorkerLogger;
      readonly intervalMs: number;
    },
  ) {
    super({
      intervalMs: deps.intervalMs,
      run: async () => {
        const purged = await this.purgeDue();
        if (purged > 0)
          deps.logger.info({ purged }, 'media of deleted recordings erased after the grace period');
      },
      onError: (error) =>
        deps.logger.error({ err: error }, 'media purge failed; trying again at the next tick'),
    });
  }

  /** Purges what is due now; resolves with how many recordings it purged. */
  async purgeDue(): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    const due = await this.deps.readModels
      .collection<MediaPurgeDueDoc>(MEDIA_PURGE_DUE_COLLECTION)
      .find({ dueAt: { $lt: now } }, { sort: [{ field: 'dueAt', direction: 'asc' }], limit: BATCH });
    let purged = 0;
    for (const { id } of due) {
      const { state } = await this.deps.runner.load(recordingDecider, recordingStream(id));
      if (!state.deleted || state.purged) continue;
      const result = await this.deps.runner.run(
        recordingDecider,
        recordingStream(id),
        { type: 'PurgeMedia', blobKeys: mediaBlobKeys(state), now: this.deps.runner.now() },
        { actor, correlationId: id },
      );
      if (result.newEvents.length > 0) purged += 1;
    }
    return purged;
  }
}
