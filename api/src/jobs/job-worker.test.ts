import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { EventStoreJobQueue } from '@scrivo/adapters/jobs/event-store-job-queue';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { DomainError, SequentialIds } from '@scrivo/domain';
import { type ClaimedJob, jobStream } from '@scrivo/domain/jobs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobHandler, StillWanted } from './job-handler';
import { JobWorker } from './job-worker';
import type { WorkerLogger } from './worker-logger';

const quiet: WorkerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

class PermanentError extends Error {}

/** A handler whose behaviour each test sets, recording what the worker asked of it. */
const handlerThat = (
  run: (job: ClaimedJob, signal: AbortSignal) => Promise<void>,
  stillWanted: () => StillWanted = () => 'wanted',
) => {
  const failures: { error: unknown; final: boolean }[] = [];
  const handler: JobHandler = {
    kind: 'example',
    stillWanted: async () => stillWanted(),
    run,
    failed: async (_job, error, final) => {
      failures.push({ error, final });
    },
    isPermanent: (error) => error instanceof PermanentError,
    isSuperseded: (error) => error instanceof DomainError && error.code === 'JOB_LEASE_LOST',
  };
  return { handler, failures };
};

describe('the job worker (one loop for every kind of job)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let jobs: EventStoreJobQueue;
  let workers: JobWorker[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-job-worker-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db') });
    jobs = new EventStoreJobQueue({
      events: store,
      clock: systemClock,
      ids: new SequentialIds('q'),
      leaseMs: 3000,
    });
    workers = [];
  });

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await jobs.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (handler: JobHandler) => {
    const worker = new JobWorker({ workerId: 'w', jobs, handlers: [handler], leaseMs: 3000, logger: quiet });
    workers.push(worker);
    worker.start();
  };
  const enqueue = (jobId: string, maxAttempts = 3) =>
    jobs.enqueue(
      { jobId, kind: 'example', subjectId: `subject-${jobId}`, ownerId: 'owner', payload: {}, maxAttempts },
      { correlationId: jobId },
    );
  const until = async (condition: () => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('runs a queued job once and completes it, so no worker claims it again', async () => {
    const ran: string[] = [];
    start(handlerThat(async (job) => void ran.push(job.jobId)).handler);
    await enqueue('j1');
    await until(() => ran.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await jobs.claim('another', ['example'])).toBeNull();
    expect(ran).toEqual(['j1']);
  });

  const history = async (jobId: string) => (await store.readStream(jobStream(jobId))).map((e) => e.type);
  /** The job's history once it has ended. */
  const ended = async (jobId: string) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const types = await history(jobId);
      if (types.some((t) => t === 'JobCompleted' || t === 'JobCancelled' || t === 'JobFailed')) return types;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not end: ${types.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it.each([
    ['nobody wants any more (its cancel has not reached the queue yet)', 'unwanted', 'JobCancelled'],
    ['an earlier attempt already did (it died before closing the job)', 'done', 'JobCompleted'],
  ] as const)('closes a job %s without running it: %s ends %s', async (_, stillWanted, end) => {
    const ran: string[] = [];
    start(
      handlerThat(
        async (job) => void ran.push(job.jobId),
        () => stillWanted,
      ).handler,
    );
    await enqueue('j1');
    expect(await ended('j1')).toEqual(['JobRequested', 'JobClaimed', end]);
    expect(ran).toEqual([]);
    expect(await jobs.claim('another', ['example'])).toBeNull();
  });

  it('closes a job as cancelled when its subject was cancelled while the last request ran and refused the result', async () => {
    let stillWanted: StillWanted = 'wanted';
    start(
      handlerThat(
        async () => {
          stillWanted = 'unwanted';
        },
        () => stillWanted,
      ).handler,
    );
    await enqueue('j1');
    expect(await ended('j1')).toEqual(['JobRequested', 'JobClaimed', 'JobCancelled']);
  });

  it('aborts a running job within a second or so once it is no longer wanted (a cancel), and tells nobody it failed', async () => {
    let stillWanted: StillWanted = 'wanted';
    let aborted = false;
    const { handler, failures } = handlerThat(
      (_job, signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          }),
        ),
      () => stillWanted,
    );
    start(handler);
    await enqueue('j1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelledAt = Date.now();
    stillWanted = 'unwanted';
    await until(() => aborted);
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    expect(failures).toEqual([]);
    expect(await ended('j1')).toContain('JobCancelled');
  });

  it('tells the subject only when no attempt follows: a permanent error is final at once', async () => {
    const { handler, failures } = handlerThat(async () => {
      throw new PermanentError('unreadable');
    });
    start(handler);
    await enqueue('j1');
    await until(() => failures.length === 1);
    expect(failures[0]?.final).toBe(true);
  });

  it('a passing error is not final while attempts remain, and final on the last attempt', async () => {
    const { handler, failures } = handlerThat(async () => {
      throw new Error('a hiccup');
    });
    start(handler);
    await enqueue('j1', 1);
    await enqueue('j2', 3);
    await until(() => failures.length >= 2);
    expect(failures.map((failure) => failure.final).sort()).toEqual([false, true]);
  });

  it('drops a job whose subject refused its result as no longer current: neither failed nor retried', async () => {
    const { handler, failures } = handlerThat(async () => {
      throw new DomainError('JOB_LEASE_LOST', 'replaced by a newer request');
    });
    start(handler);
    await enqueue('j1');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(failures).toEqual([]);
  });
});
