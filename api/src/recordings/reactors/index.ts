import type { BlobStore, EventStore, Reactor } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import { minutesReleaseWorkflow, type PlanId } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { workflowReactor } from '../../infrastructure/workflow-reactor';
import type { MinutesLedger } from '../minutes-ledger';
import { deadJobsReactor } from './dead-jobs.reactor';
import { mediaErasureReactor } from './media-erasure.reactor';
import { pieceAudioErasureReactor } from './piece-audio-erasure.reactor';
import { transcriptionJobsReactor } from './transcription-jobs.reactor';

export { MediaPurgeTimer } from './media-purge-timer';

/** The cross-stream work of recordings, each reaction keyed so that a replay after a crash changes nothing. */
export const recordingReactors = (deps: {
  /** The runner the reactions write through (it does not wait for the read models), and the ledger over it. */
  readonly runner: StreamRunner;
  readonly minutes: MinutesLedger;
  readonly jobs: JobQueue;
  readonly events: EventStore;
  readonly blobs: BlobStore;
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor[] => [
  transcriptionJobsReactor(deps),
  deadJobsReactor(deps),
  workflowReactor(minutesReleaseWorkflow, {
    runner: deps.runner,
    send: (release, { actor, correlationId, causationId }) =>
      deps.minutes.releaseMinutes(
        release.ownerId,
        release.recordingId,
        release.requestedAt,
        release.reason,
        actor,
        correlationId,
        { causationId, ...(release.period === null ? {} : { knownPeriod: release.period }) },
      ),
  }),
  mediaErasureReactor(deps),
  pieceAudioErasureReactor(deps),
];
