import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SequentialIds } from '@scrivo/domain';
import { SqliteEventStore } from '../events/sqlite-event-store';
import { EventStoreJobQueue } from './event-store-job-queue';
import { jobQueueConformance } from './job-queue.conformance';

// Two SqliteEventStore connections to one file: the same set-up as two worker processes on one machine.
jobQueueConformance('EventStoreJobQueue on SQLite', {
  leaseMs: 30_000,
  async create(clock) {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-jobs-'));
    const storeA = new SqliteEventStore({ path: join(dir, 'events.db') });
    const storeB = new SqliteEventStore({ path: join(dir, 'events.db') });
    const a = new EventStoreJobQueue({ events: storeA, clock, ids: new SequentialIds('a'), leaseMs: 30_000 });
    const b = new EventStoreJobQueue({ events: storeB, clock, ids: new SequentialIds('b'), leaseMs: 30_000 });
    return {
      a,
      b,
      async close() {
        await a.close();
        await b.close();
        await storeA.close();
        await storeB.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});
