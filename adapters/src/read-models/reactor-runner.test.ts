import {
  type NewEvent,
  type Reactor,
  ReactorRunner,
  reactorCheckpointName,
  type ReadModelStore,
  type RecordedEvent,
} from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../events/sqlite-event-store';
import { SqliteReadModelStore } from './sqlite-read-model-store';

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  schemaVersion: 1,
  metadata: {
    eventId: randomUUID(),
    correlationId: 'spec',
    causationId: null,
    actor: { kind: 'user', id: 'u1' },
    occurredAt: new Date().toISOString(),
  },
});

/** "A transcription was requested, so enqueue its job": the job queue here is a set keyed by job id. */
const enqueuer = (queue: Map<string, number>, options: { failTimes?: number } = {}): Reactor => {
  let failures = options.failTimes ?? 0;
  return {
    name: 'enqueue-transcriptions',
    eventTypes: ['TranscriptionRequested'],
    async react(e: RecordedEvent) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('job queue unavailable');
      }
      const { jobId } = e.data as { jobId: string };
      queue.set(jobId, (queue.get(jobId) ?? 0) + 1);
    },
  };
};

describe('ReactorRunner: checkpointed reactions to events', () => {
  let dir: string;
  let events: SqliteEventStore;
  let checkpoints: SqliteReadModelStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-reactors-'));
    events = new SqliteEventStore({ path: join(dir, 'events.db'), pollIntervalMs: 10 });
    checkpoints = new SqliteReadModelStore({ path: join(dir, 'read-models.db') });
  });
  afterEach(async () => {
    await events.close();
    await checkpoints.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a reactor added to a running install that starts from now leaves the history alone, then misses nothing', async () => {
    const queue = new Map<string, number>();
    await events.append('recording-1', [event('TranscriptionRequested', { jobId: 'old' })], {
      expectedRevision: 'no_stream',
    });
    const fromNow: Reactor = { ...enqueuer(queue), firstRunFrom: 'now' };
    const first = new ReactorRunner({ events, checkpoints, reactors: [fromNow] });
    await first.start();
    await first.stop();
    // Appended while no runner is up: the start position was saved, so the next start still reacts to it.
    await events.append('recording-2', [event('TranscriptionRequested', { jobId: 'new' })], {
      expectedRevision: 'no_stream',
    });
    const second = new ReactorRunner({ events, checkpoints, reactors: [fromNow] });
    await second.start();
    await expect.poll(() => queue.get('new')).toBe(1);
    await second.stop();
    expect(queue.has('old')).toBe(false);
  });

  it('reacts to each wanted event once, in order, and resumes after a restart without repeating', async () => {
    const queue = new Map<string, number>();
    await events.append(
      'recording-1',
      [event('RecordingCreated', {}), event('TranscriptionRequested', { jobId: 'j1' })],
      {
        expectedRevision: 'no_stream',
      },
    );
    const first = new ReactorRunner({ events, checkpoints, reactors: [enqueuer(queue)] });
    await first.start();
    await expect.poll(() => queue.get('j1')).toBe(1);
    await first.stop();

    await events.append('recording-2', [event('TranscriptionRequested', { jobId: 'j2' })], {
      expectedRevision: 'no_stream',
    });
    const second = new ReactorRunner({ events, checkpoints, reactors: [enqueuer(queue)] });
    await second.start();
    await expect.poll(() => queue.get('j2')).toBe(1);
    await second.stop();
    expect([...queue]).toEqual([
      ['j1', 1],
      ['j2', 1],
    ]);
  });

  it('tries a failed reaction again (with backoff) instead of skipping it or stopping', async () => {
    const queue = new Map<string, number>();
    const failures: string[] = [];
    await events.append('recording-1', [event('TranscriptionRequested', { jobId: 'j1' })], {
      expectedRevision: 'no_stream',
    });
    await events.append('recording-2', [event('TranscriptionRequested', { jobId: 'j2' })], {
      expectedRevision: 'no_stream',
    });
    const runner = new ReactorRunner({
      events,
      checkpoints,
      reactors: [enqueuer(queue, { failTimes: 2 })],
      retryDelayMs: 10,
      onFailure: (_, e, error) => failures.push(`${(e.data as { jobId: string }).jobId}: ${String(error)}`),
    });
    await runner.start();
    await expect.poll(() => queue.size).toBe(2);
    await runner.stop();
    expect(failures).toEqual(['j1: Error: job queue unavailable', 'j1: Error: job queue unavailable']);
    expect([...queue.keys()]).toEqual(['j1', 'j2']);
    expect(runner.status()[0]).toMatchObject({ name: 'enqueue-transcriptions', retrying: null });
  });

  it('keeps going when the store of its checkpoints fails or goes silent, and reacts to nothing twice', async () => {
    const queue = new Map<string, number>();
    await events.append(
      'recording-1',
      [event('TranscriptionRequested', { jobId: 'j1' }), event('TranscriptionRequested', { jobId: 'j2' })],
      { expectedRevision: 'no_stream' },
    );
    // FerretDB killed under traffic: two commits fail, then one is sent on a dead connection and never settles.
    let commits = 0;
    const outage: ReadModelStore = {
      collection: (name) => checkpoints.collection(name),
      getCheckpoint: (name) => checkpoints.getCheckpoint(name),
      commit: (name, checkpoint, ops) => {
        commits += 1;
        if (commits <= 2) return Promise.reject(new Error('connection refused'));
        if (commits === 3) return new Promise<never>(() => {});
        return checkpoints.commit(name, checkpoint, ops);
      },
      reset: (name, collections) => checkpoints.reset(name, collections),
      shredDeleted: () => checkpoints.shredDeleted(),
      close: () => checkpoints.close(),
    };
    const failures: string[] = [];
    const runner = new ReactorRunner({
      events,
      checkpoints: outage,
      reactors: [enqueuer(queue)],
      retryDelayMs: 10,
      callTimeoutMs: 200,
      onFailure: (_, e, error) => failures.push(`${(e.data as { jobId: string }).jobId}: ${String(error)}`),
    });
    await runner.start();
    await expect.poll(() => queue.size).toBe(2);
    await expect.poll(() => runner.status()[0]?.checkpoint).toBe(2);
    await runner.stop();
    expect(Object.fromEntries(queue)).toEqual({ j1: 1, j2: 1 });
    expect(failures).toEqual([
      'j1: Error: connection refused',
      'j1: Error: connection refused',
      'j1: Error: no answer in 200 ms',
    ]);
    expect(runner.status()[0]).toMatchObject({ retrying: null });
  });

  it('a crash between the reaction and its checkpoint repeats that one reaction, which its key makes harmless', async () => {
    const queue = new Map<string, number>();
    const { lastPosition } = await events.append(
      'recording-1',
      [event('TranscriptionRequested', { jobId: 'j1' })],
      { expectedRevision: 'no_stream' },
    );
    // The crash: the job was enqueued, the checkpoint never written.
    queue.set('j1', 1);
    const runner = new ReactorRunner({
      events,
      checkpoints,
      reactors: [
        {
          name: 'enqueue-transcriptions',
          eventTypes: ['TranscriptionRequested'],
          // An idempotent enqueue: the same job id twice is one job.
          async react(e) {
            const { jobId } = e.data as { jobId: string };
            if (!queue.has(jobId)) queue.set(jobId, 1);
          },
        },
      ],
    });
    await runner.start();
    await expect.poll(() => runner.status()[0]?.checkpoint).toBe(lastPosition);
    await runner.stop();
    expect([...queue]).toEqual([['j1', 1]]);
  });

  it('stores its checkpoint after every reaction, past other events only every idleCheckpointEveryMs, and on stop', async () => {
    const queue = new Map<string, number>();
    let now = 0;
    const advanced: number[] = [];
    const runner = new ReactorRunner({
      events,
      checkpoints,
      reactors: [enqueuer(queue)],
      now: () => now,
      idleCheckpointEveryMs: 10_000,
      onAdvance: (_, checkpoint) => advanced.push(checkpoint),
    });
    const name = reactorCheckpointName('enqueue-transcriptions');
    const append = async (type: string, data: Record<string, unknown> = {}) =>
      (await events.append(`stream-${randomUUID()}`, [event(type, data)], { expectedRevision: 'no_stream' }))
        .lastPosition;
    await runner.start();
    const reacted = await append('TranscriptionRequested', { jobId: 'j1' });
    await runner.waitFor(reacted, 2000);
    expect(await checkpoints.getCheckpoint(name)).toBe(reacted);
    // Within 10 s of the last store, an event it does not react to moves the checkpoint in memory only.
    const passed = await append('UserRegistered');
    await runner.waitFor(passed, 2000);
    expect(runner.status()[0]!.checkpoint).toBe(passed);
    expect(advanced).toContain(passed);
    expect(await checkpoints.getCheckpoint(name)).toBe(reacted);
    now += 10_000;
    const later = await append('UserRegistered');
    await runner.waitFor(later, 2000);
    expect(await checkpoints.getCheckpoint(name)).toBe(later);
    const last = await append('UserRegistered');
    await runner.waitFor(last, 2000);
    expect(await checkpoints.getCheckpoint(name)).toBe(later);
    await runner.stop();
    expect(await checkpoints.getCheckpoint(name)).toBe(last);
    expect([...queue]).toEqual([['j1', 1]]);
  });
});
