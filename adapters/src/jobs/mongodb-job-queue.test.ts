import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock, SequentialIds } from '@scrivo/domain';
import { type ClaimedJob, LeaseLostError } from '@scrivo/domain/jobs';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../events/sqlite-event-store';
import { mongoForTests } from '../testing/mongo-for-tests';
import { jobQueueConformance } from './job-queue.conformance';
import { JOB_INDEX_COLLECTION, MongoDbJobQueue } from './mongodb-job-queue';

const mongo = mongoForTests('scrivo_jobs');
const LEASE_MS = 30_000;

/**
 * One worker process: its own MongoDB connection and its own connection to the shared event store (two
 * SqliteEventStore connections to one file stand for the event store every process of an installation shares).
 */
let worlds = 0;
const processes = (clock: ManualClock) => {
  const dir = mkdtempSync(join(tmpdir(), 'scrivo-mongo-jobs-'));
  // A database per test: what one test leaves waiting must not be in the next one's line.
  const database = `${mongo.database}_${(worlds += 1)}`;
  const opened: { queue: MongoDbJobQueue; store: SqliteEventStore }[] = [];
  return {
    database,
    /** The shared event store, as the reactors and auditors read it. */
    async log(streamId: string) {
      const reader = new SqliteEventStore({ path: join(dir, 'events.db') });
      try {
        return (await reader.readStream(streamId)).map((event) => ({ type: event.type, data: event.data }));
      } finally {
        await reader.close();
      }
    },
    async open(name: string) {
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const queue = await MongoDbJobQueue.connect({
        url: mongo.url(),
        database,
        events: store,
        clock,
        ids: new SequentialIds(name),
        leaseMs: LEASE_MS,
        pollMs: 50,
      });
      opened.push({ queue, store });
      return queue;
    },
    async close() {
      const client = await MongoClient.connect(mongo.url());
      await client.db(database).dropDatabase();
      await client.close();
      for (const { queue, store } of opened) {
        await queue.close();
        await store.close();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

describe.skipIf(!mongo.available)('MongoDbJobQueue', () => {
  jobQueueConformance(`MongoDbJobQueue on ${mongo.name}`, {
    leaseMs: LEASE_MS,
    async create(clock) {
      const world = processes(clock);
      return { a: await world.open('a'), b: await world.open('b'), close: () => world.close() };
    },
  });

  const job = (jobId: string, ownerId = 'user-1', kind = 'transcription') => ({
    jobId,
    kind,
    subjectId: `rec-${jobId}`,
    ownerId,
    payload: {},
  });
  const ctx = { correlationId: 'test' };
  const unique = () => Math.random().toString(36).slice(2, 8);

  it('gives each of many jobs to exactly one of four processes claiming at the same moment', async () => {
    const clock = new ManualClock();
    const world = processes(clock);
    try {
      const queues = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((name) => world.open(name)));
      const run = unique();
      const ids = Array.from({ length: 10 }, (_, n) => `${run}-j${n}`);
      for (const jobId of ids) await queues[0]!.enqueue(job(jobId, `user-${jobId.slice(-1)}`), ctx);
      const claimed: ClaimedJob[] = [];
      // Every process claims as fast as it can until none gets anything: all of them race for the same line.
      await Promise.all(
        queues.map(async (queue, p) => {
          for (
            let c = await queue.claim(`w${p}`, ['transcription']);
            c;
            c = await queue.claim(`w${p}`, ['transcription'])
          )
            claimed.push(c);
        }),
      );
      expect(claimed.map((c) => c.jobId).sort()).toEqual([...ids].sort());
      expect(claimed.every((c) => c.attempt === 1)).toBe(true);
    } finally {
      await world.close();
    }
  });

  it('a process that dies holding a job loses only that job: another takes it over once its lease runs out', async () => {
    const clock = new ManualClock();
    const world = processes(clock);
    try {
      const doomed = await world.open('doomed');
      const survivor = await world.open('survivor');
      const run = unique();
      await doomed.enqueue(job(`${run}-long`, 'user-a'), ctx);
      await doomed.enqueue(job(`${run}-other`, 'user-b'), ctx);
      const lost = await doomed.claim('doomed-1', ['transcription']);
      const kept = await survivor.claim('survivor-1', ['transcription']);
      expect([lost?.jobId, kept?.jobId].sort()).toEqual([`${run}-long`, `${run}-other`]);
      // The doomed process is killed: it never heartbeats again. The survivor keeps its own job alive.
      await doomed.close();
      const later = await world.open('later');
      clock.advance(LEASE_MS / 2);
      await survivor.heartbeat(kept!);
      expect(await later.claim('later-1', ['transcription'])).toBeNull();
      clock.advance(LEASE_MS / 2 + 1);
      await survivor.heartbeat(kept!);
      const redone = await later.claim('later-1', ['transcription']);
      expect(redone).toMatchObject({ jobId: lost!.jobId, attempt: 2 });
      expect(await later.claim('later-2', ['transcription'])).toBeNull();
      // Were the dead holder to report late, it would be refused: its attempt is no longer the current one.
      await expect(survivor.heartbeat(lost!)).rejects.toBeInstanceOf(LeaseLostError);
      await survivor.complete(kept!);
      await later.complete(redone!);
    } finally {
      await world.close();
    }
  });

  it('puts a job to rest after its last attempt, with the lifecycle on its stream for the reactors and auditors', async () => {
    const clock = new ManualClock();
    const world = processes(clock);
    try {
      const a = await world.open('a');
      const b = await world.open('b');
      const jobId = `${unique()}-flaky`;
      await a.enqueue({ ...job(jobId), maxAttempts: 2 }, ctx);
      const first = await a.claim('w1', ['transcription']);
      expect(await a.fail(first!, 'engine unreachable', true)).toEqual({ willRetry: true });
      expect(await b.claim('w2', ['transcription'])).toBeNull();
      clock.advance(5_000);
      const second = await b.claim('w2', ['transcription']);
      expect(second).toMatchObject({ jobId, attempt: 2 });
      await b.progress(second!, 0.5);
      expect(await b.fail(second!, 'engine unreachable', true)).toEqual({ willRetry: false });
      clock.advance(LEASE_MS * 10);
      expect(await a.claim('w1', ['transcription'])).toBeNull();
      const log = await world.log(`job-${jobId}`);
      expect(log.map((event) => event.type)).toEqual([
        'JobRequested',
        'JobClaimed',
        'JobFailed',
        'JobClaimed',
        'JobProgressed',
        'JobHeartbeat',
        'JobFailed',
      ]);
      expect(log.at(-1)?.data).toMatchObject({ jobId, attempt: 2, retryAt: null });
    } finally {
      await world.close();
    }
  });

  it('tells a waiting job its place in the whole line, across processes, owners taking turns', async () => {
    const clock = new ManualClock();
    const world = processes(clock);
    try {
      const api = await world.open('api');
      const worker = await world.open('worker');
      const run = unique();
      const summary = (name: string, ownerId: string) => ({
        ...job(`${run}-${name}`, ownerId),
        kind: 'summary',
      });
      for (const [name, ownerId] of [
        ['a1', 'user-a'],
        ['a2', 'user-a'],
        ['a3', 'user-a'],
        ['b1', 'user-b'],
      ] as const) {
        await api.enqueue(summary(name, ownerId), ctx);
        clock.advance(1000);
      }
      await api.enqueue(job(`${run}-t1`, 'user-c'), ctx);
      const running = await worker.claim('lang-1', ['summary']);
      expect(running?.jobId).toBe(`${run}-a1`);
      const kinds = ['summary', 'translation'];
      // a1 is being written; user B's one summary goes next, before the rest of user A's.
      expect(await api.ahead(`${run}-b1`, kinds)).toBe(1);
      expect(await api.ahead(`${run}-a2`, kinds)).toBe(2);
      expect(await api.ahead(`${run}-a3`, kinds)).toBe(3);
      expect(await api.ahead(`${run}-a1`, kinds)).toBeNull();
    } finally {
      await world.close();
    }
  });

  it('wakes an idle worker at once for a job enqueued in its process, and within a poll for one enqueued elsewhere', async () => {
    const clock = new ManualClock();
    const world = processes(clock);
    try {
      const api = await world.open('api');
      const worker = await world.open('worker');
      const run = unique();
      const started = Date.now();
      const here = worker.waitForWork(5_000);
      await worker.enqueue(job(`${run}-here`), ctx);
      await here;
      expect(Date.now() - started).toBeLessThan(1_000);
      await worker.claim('w1', ['transcription']);

      const before = Date.now();
      const elsewhere = worker.waitForWork(5_000);
      await api.enqueue(job(`${run}-elsewhere`), ctx);
      await elsewhere;
      expect(Date.now() - before).toBeLessThan(1_000);
      expect(await worker.claim('w2', ['transcription'])).toMatchObject({ jobId: `${run}-elsewhere` });
    } finally {
      await world.close();
    }
  });

  it('finds a job whose enqueuer died before writing its stream, a lease later', async () => {
    const clock = new ManualClock();
    const world = processes(clock);
    const client = await MongoClient.connect(mongo.url());
    try {
      const worker = await world.open('worker');
      const jobId = `${unique()}-orphan`;
      // What an enqueue leaves when the process dies between the index and the stream.
      await client
        .db(world.database)
        .collection<{ _id: string } & Record<string, unknown>>(JOB_INDEX_COLLECTION)
        .insertOne({
          _id: jobId,
          ...job(jobId),
          maxAttempts: 3,
          requestedAt: clock.now().toISOString(),
          revision: -1,
          status: 'pending',
          dueAt: clock.now().getTime(),
          leaseUntil: null,
        });
      expect(await worker.claim('w1', ['transcription'])).toBeNull();
      clock.advance(LEASE_MS);
      expect(await worker.claim('w1', ['transcription'])).toMatchObject({ jobId, attempt: 1 });
    } finally {
      await client.close();
      await world.close();
    }
  });
});
if (!mongo.available)
  describe('MongoDbJobQueue', () => {
    it.skip(`conformance: ${mongo.skipReason}`, () => {});
  });
