import type { BlobStore, EventStore, Reactor } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import type { PlanId } from '@scrivo/domain/recordings';
import type { RecordingCommands } from '../recording-commands';
import { deadJobsReactor } from './dead-jobs.reactor';
import { mediaErasureReactor } from './media-erasure.reactor';
import { minutesReleaseReactor } from './minutes-release.reactor';
import { pieceAudioErasureReactor } from './piece-audio-erasure.reactor';
import { transcriptionJobsReactor } from './transcription-jobs.reactor';

export { MediaPurgeTimer } from './media-purge-timer';

/** The cross-stream work of recordings, each reaction keyed so that a replay after a crash changes nothing. */
export const recordingReactors = (deps: {
  readonly commands: RecordingCommands;
  readonly jobs: JobQueue;
  readonly events: EventStore;
  readonly blobs: BlobStore;
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor[] => [
  transcriptionJobsReactor(deps),
  deadJobsReactor(deps),
  minutesReleaseReactor(deps),
  mediaErasureReactor(deps),
  pieceAudioErasureReactor(deps),
];
