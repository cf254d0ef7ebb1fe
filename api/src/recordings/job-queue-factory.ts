import { EventStoreJobQueue } from '@scrivo/adapters/jobs/event-store-job-queue';
import type { Clock, EventStore, Ids } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import type { RecordingsConfig } from './recordings-config';

export const createJobQueue = (
  config: RecordingsConfig,
  deps: { events: EventStore; clock: Clock; ids: Ids },
): JobQueue => new EventStoreJobQueue({ ...deps, leaseMs: config.SCRIVO_JOB_LEASE_MS });
