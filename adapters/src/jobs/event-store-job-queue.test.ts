import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock, SequentialIds } from '@scrivo/domain';
import { describe, expect, it } from 'vitest';
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

describe('EventStoreJobQueue: a waiting job’s place in line', () => {
  it('counts the jobs of its kinds running now and those a free worker takes first, owners taking turns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-jobs-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const clock = new ManualClock();
    const queue = new EventStoreJobQueue({
      events: store,
      clock,
      ids: new SequentialIds('q'),
      leaseMs: 30_000,
    });
    const summary = (jobId: string, ownerId: string) => ({
      jobId,
      kind: 'summary',
      subjectId: `rec-${jobId}`,
      ownerId,
      payload: {},
    });
    try {
      for (const [jobId, ownerId] of [
        ['a1', 'user-a'],
        ['a2', 'user-a'],
        ['a3', 'user-a'],
        ['b1', 'user-b'],
      ] as const) {
        await queue.enqueue(summary(jobId, ownerId), { correlationId: 'test' });
        clock.advance(1000);
      }
      await queue.enqueue({ ...summary('t1', 'user-c'), kind: 'transcription' }, { correlationId: 'test' });
      const running = await queue.claim('lang-1', ['summary']);
      expect(running?.jobId).toBe('a1');
      const kinds = ['summary', 'translation'];
      // a1 is being written; user B's one summary goes next, before the rest of user A's.
      expect(await queue.ahead('b1', kinds)).toBe(1);
      expect(await queue.ahead('a2', kinds)).toBe(2);
      expect(await queue.ahead('a3', kinds)).toBe(3);
      expect(await queue.ahead('a1', kinds)).toBeNull();
    } finally {
      await queue.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
