import { EventStoreJobQueue } from '@scrivo/adapters/jobs/event-store-job-queue';
import type { Clock, EventStore, Ids } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import type { RecordingsConfig } from './recordings-config';

export const createJobQueue = async (
  config: RecordingsConfig,
  deps: { events: EventStore; clock: Clock; ids: Ids },
): Promise<JobQueue> => {
  if (config.SCRIVO_JOB_QUEUE === 'eventstoredb') {
    // Loaded only when chosen: the gRPC client is heavy and embedded installs never need it.
    const { EventStoreDbEventStore } = await import('@scrivo/adapters/events/eventstoredb-event-store');
    const { EventStoreDbJobQueue } = await import('@scrivo/adapters/jobs/eventstoredb-job-queue');
    if (!(deps.events instanceof EventStoreDbEventStore))
      throw new Error('SCRIVO_JOB_QUEUE=eventstoredb needs the EventStoreDB event store');
    return new EventStoreDbJobQueue({
      ...deps,
      client: deps.events.client,
      leaseMs: config.SCRIVO_JOB_LEASE_MS,
    });
  }
  if (config.SCRIVO_JOB_QUEUE === 'mongodb') {
    const { MongoDbJobQueue } = await import('@scrivo/adapters/jobs/mongodb-job-queue');
    // The configuration refuses mongodb without MONGODB_URL; this guards callers that build a config by hand.
    if (!config.MONGODB_URL) throw new Error('SCRIVO_JOB_QUEUE=mongodb needs MONGODB_URL');
    return MongoDbJobQueue.connect({
      ...deps,
      url: config.MONGODB_URL,
      database: config.MONGODB_DB,
      leaseMs: config.SCRIVO_JOB_LEASE_MS,
    });
  }
  return new EventStoreJobQueue({ ...deps, leaseMs: config.SCRIVO_JOB_LEASE_MS });
};
