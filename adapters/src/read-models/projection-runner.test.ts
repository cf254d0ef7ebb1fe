import {
  type Doc,
  ManualClock,
  type NewEvent,
  type Projection,
  ProjectionRunner,
  type ProjectionRunnerOptions,
  type ReadModelStore,
  type RecordedEvent,
  UpcasterRegistry,
} from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../events/sqlite-event-store';
import { SqliteReadModelStore } from './sqlite-read-model-store';

interface LibraryEntry extends Doc {
  readonly title: string;
  readonly ownerId: string;
  readonly segments: number;
  /** The stream revision of the last event applied: what makes replays harmless. */
  readonly revision: number;
}

const clock = new ManualClock(new Date('2026-05-01T09:00:00.000Z'));

const event = (type: string, data: Record<string, unknown>, schemaVersion = 1): NewEvent => ({
  type,
  data,
  schemaVersion,
  metadata: {
    eventId: randomUUID(),
    correlationId: 'spec',
    causationId: null,
    actor: { kind: 'user', id: 'u1' },
    occurredAt: clock.now().toISOString(),
  },
});

/** A library of recordings: one document per recording, written idempotently (revision guard). */
const library = (handled: RecordedEvent[] = [], options: { delayMs?: number } = {}): Projection => ({
  name: 'library',
  collections: ['library'],
  eventTypes: ['RecordingStarted', 'SegmentAdded', 'RecordingDeleted'],
  async setup(store) {
    await store.collection('library').ensureIndex({ fields: ['ownerId'] });
  },
  async handle(e, context) {
    handled.push(e);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const id = e.streamId;
    const current = await context.get<LibraryEntry>('library', id);
    if (current && current.revision >= e.streamRevision) return; // already applied
    const data = e.data as { title: string; ownerId: string };
    switch (e.type) {
      case 'RecordingStarted': {
        const entry: LibraryEntry = {
          id,
          title: data.title,
          ownerId: data.ownerId,
          segments: 0,
          revision: e.streamRevision,
        };
        context.upsert('library', entry);
        return;
      }
      case 'SegmentAdded': {
        if (!current) return;
        const entry: LibraryEntry = {
          ...current,
          segments: current.segments + 1,
          revision: e.streamRevision,
        };
        context.upsert('library', entry);
        return;
      }
      case 'RecordingDeleted':
        context.delete('library', id);
        return;
    }
  },
});

describe('ProjectionRunner (SQLite event store -> SQLite read models)', () => {
  let events: SqliteEventStore;
  let readModels: SqliteReadModelStore;
  let runner: ProjectionRunner | null;
  const run = async (projections: Projection[], options: Partial<ProjectionRunnerOptions> = {}) => {
    runner = new ProjectionRunner({ events, readModels, projections, clock, ...options });
    await runner.start();
    return runner;
  };
  const entries = () =>
    readModels.collection<LibraryEntry>('library').find({}, { sort: [{ field: 'id', direction: 'asc' }] });
  const record = async (recording: string, segments: number, ownerId = 'u1') => {
    const result = await events.append(
      recording,
      [
        event('RecordingStarted', { title: `Recording ${recording}`, ownerId }),
        ...Array.from({ length: segments }, (_, i) => event('SegmentAdded', { index: i })),
      ],
      { expectedRevision: 'no_stream' },
    );
    return result.lastPosition;
  };

  beforeEach(() => {
    events = new SqliteEventStore({ path: ':memory:' });
    readModels = new SqliteReadModelStore({ path: ':memory:' });
    runner = null;
  });
  afterEach(async () => {
    await runner?.stop();
    await events.close();
    await readModels.close();
  });

  it('projects past and live events into documents and commits the checkpoint with them', async () => {
    await record('rec-a', 2);
    const r = await run([library()]);
    const position = await record('rec-b', 1, 'u2');
    await r.waitFor(position);
    expect(await entries()).toEqual([
      { id: 'rec-a', title: 'Recording rec-a', ownerId: 'u1', segments: 2, revision: 2 },
      { id: 'rec-b', title: 'Recording rec-b', ownerId: 'u2', segments: 1, revision: 1 },
    ]);
    expect(await readModels.getCheckpoint('library')).toBe(position);
  });

  it('resumes after the checkpoint on restart: events already applied are not handled again', async () => {
    const handled: RecordedEvent[] = [];
    const first = await record('rec-a', 3);
    await (await run([library(handled)])).waitFor(first);
    await runner!.stop();
    const before = handled.length;

    const second = await record('rec-b', 1);
    await (await run([library(handled)])).waitFor(second);
    expect(handled.slice(before).map((e) => e.streamId)).toEqual(['rec-b', 'rec-b']);
    expect(handled.map((e) => e.globalPosition)).toEqual([...new Set(handled.map((e) => e.globalPosition))]);
  });

  it('is idempotent: replaying events that were already applied leaves the documents as they were', async () => {
    const head = (await record('rec-a', 3), await record('rec-b', 2));
    await (await run([library()])).waitFor(head);
    await runner!.stop();
    const projected = await entries();

    // As after a crash between the writes and the checkpoint (MongoDB without transactions): replay from zero.
    await readModels.commit('library', -1, []);
    const handled: RecordedEvent[] = [];
    await (await run([library(handled)])).waitFor(head);
    expect(handled).toHaveLength(7);
    expect(await entries()).toEqual(projected);
  });

  it('rebuild drops the documents and replays from zero into the same documents', async () => {
    await record('rec-a', 2);
    await record('rec-b', 1);
    await events.append('rec-b', [event('RecordingDeleted', {})], { expectedRevision: 1 });
    const head = await record('rec-c', 4, 'u2');
    const r = await run([library()]);
    await r.waitFor(head);
    const projected = await entries();
    // Damage the read model by hand: rebuild must not depend on what is there.
    await readModels
      .collection<LibraryEntry>('library')
      .upsert({ id: 'junk', title: 'x', ownerId: 'x', segments: 9, revision: 0 });
    await readModels.collection('library').delete('rec-a');

    await r.rebuild('library');
    await r.waitFor(head);
    expect(await entries()).toEqual(projected);
    expect(projected.map((d) => d.id)).toEqual(['rec-a', 'rec-c']);
    expect(r.status()[0]).toMatchObject({ checkpoint: head, running: true, error: null });
  });

  it('stop drains the batch in hand: what was handled is committed, and a restart continues without gaps', async () => {
    const handled: RecordedEvent[] = [];
    for (let i = 0; i < 20; i += 1) await record(`rec-${String(i).padStart(2, '0')}`, 4);
    const head = await events.headPosition();
    await run([library(handled, { delayMs: 2 })], { maxBatch: 1000 });
    while (handled.length < 30) await new Promise((r) => setTimeout(r, 5));
    await runner!.stop();

    const stoppedAt = handled.at(-1)!.globalPosition;
    expect(stoppedAt).toBeLessThan(head); // stopped mid-way through the backlog...
    expect(await readModels.getCheckpoint('library')).toBe(stoppedAt); // ...with everything handled committed
    expect(runner!.status()[0]).toMatchObject({ checkpoint: stoppedAt, running: false });
    const committed = await entries();
    expect(committed.reduce((n, d) => n + d.segments + 1, 0)).toBe(handled.length);

    await (await run([library(handled)])).waitFor(head);
    expect(handled.map((e) => e.globalPosition)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
    expect((await entries()).every((d) => d.segments === 4)).toBe(true);
  });

  it('reports the checkpoint and the lag between an event occurring and its commit', async () => {
    const r = await run([library()]);
    expect(r.status()).toEqual([
      { name: 'library', checkpoint: -1, lastLagMs: null, running: true, error: null },
    ]);
    const position = await record('rec-a', 0);
    clock.advance(250); // the read model commits 250 ms (of the manual clock) after the event occurred
    await r.waitFor(position);
    expect(r.status()).toEqual([
      { name: 'library', checkpoint: position, lastLagMs: 250, running: true, error: null },
    ]);
    await r.stop();
    expect(r.status()[0]!.running).toBe(false);
  });

  it('waitFor resolves once the position is applied, at once when it already is, and times out otherwise', async () => {
    const r = await run([library()]);
    const position = await record('rec-a', 1);
    await r.waitFor(position);
    // Read-your-writes: the document is there as soon as waitFor resolves.
    expect(await readModels.collection('library').get('rec-a')).not.toBeNull();
    await r.waitFor(position);
    await r.waitFor(0);
    await expect(r.waitFor(position + 100, 50)).rejects.toThrow(
      `did not reach position ${position + 100} in 50 ms`,
    );
  });

  it('moves the checkpoint past events the projection does not subscribe to', async () => {
    const handled: RecordedEvent[] = [];
    await record('rec-a', 0);
    const { lastPosition } = await events.append(
      'user-1',
      [event('UserRegistered', {}), event('UserRenamed', {})],
      {
        expectedRevision: 'no_stream',
      },
    );
    await (await run([library(handled)])).waitFor(lastPosition);
    expect(handled.map((e) => e.type)).toEqual(['RecordingStarted']);
    expect(await readModels.getCheckpoint('library')).toBe(lastPosition);
  });

  it('past events with nothing to write moves its checkpoint at once but stores it only every idleCheckpointEveryMs, and on stop', async () => {
    // One write per projection per event it has nothing to write for was most of the projector's writes on the
    // production stack (issue 45): the replicas learn how far it is from onAdvance's publisher instead.
    const advanced: number[] = [];
    const start = await record('rec-a', 0);
    const r = await run([library()], {
      idleCheckpointEveryMs: 10_000,
      onAdvance: (_, checkpoint) => advanced.push(checkpoint),
    });
    await r.waitFor(start);
    expect(await readModels.getCheckpoint('library')).toBe(start);
    const other = () =>
      events.append(`user-${randomUUID()}`, [event('UserRegistered', {})], { expectedRevision: 'no_stream' });
    const first = (await other()).lastPosition;
    await r.waitFor(first);
    // Within 10 s of the last store: moved (the waiters are answered), not stored; a restart would pass it again.
    expect(r.status()[0]!.checkpoint).toBe(first);
    expect(await readModels.getCheckpoint('library')).toBe(start);
    expect(advanced).toContain(first);
    clock.advance(10_000);
    const second = (await other()).lastPosition;
    await r.waitFor(second);
    expect(await readModels.getCheckpoint('library')).toBe(second);
    const third = (await other()).lastPosition;
    await r.waitFor(third);
    expect(await readModels.getCheckpoint('library')).toBe(second);
    await r.stop();
    runner = null;
    expect(await readModels.getCheckpoint('library')).toBe(third);
    // A wanted event is stored with its documents, whatever the time.
    const r2 = await run([library()], { idleCheckpointEveryMs: 10_000 });
    const wanted = await record('rec-b', 0);
    await r2.waitFor(wanted);
    expect(await readModels.getCheckpoint('library')).toBe(wanted);
  });

  it('commits every event when its batch size does not divide the store page (no event left uncommitted)', async () => {
    // 500 events is exactly one page of the catch-up subscription; batches of 300 leave 200 at the page's end.
    await events.append('rec-a', [event('RecordingStarted', { title: 'Long', ownerId: 'u1' })], {
      expectedRevision: 'no_stream',
    });
    const { lastPosition } = await events.append(
      'rec-a',
      Array.from({ length: 499 }, (_, i) => event('SegmentAdded', { index: i })),
      { expectedRevision: 0 },
    );
    const r = await run([library()], { maxBatch: 300 });
    await r.waitFor(lastPosition, 2000);
    expect((await readModels.collection<LibraryEntry>('library').get('rec-a'))?.segments).toBe(499);
  });

  it('hands projections upcast events', async () => {
    const upcasters = new UpcasterRegistry().register('RecordingStarted', 1, (data) => {
      const { name, owner } = data as { name: string; owner: string };
      return { title: name, ownerId: owner };
    });
    const { lastPosition } = await events.append(
      'rec-old',
      [event('RecordingStarted', { name: 'Legacy', owner: 'u9' })],
      {
        expectedRevision: 'no_stream',
      },
    );
    await (await run([library()], { upcasters })).waitFor(lastPosition);
    expect(await readModels.collection('library').get('rec-old')).toMatchObject({
      title: 'Legacy',
      ownerId: 'u9',
    });
  });

  it('a failing handler stops its projection, reports once, keeps the last good checkpoint, and rebuild recovers', async () => {
    let broken = true;
    const errors: unknown[] = [];
    const flaky: Projection = {
      ...library(),
      handle: async (e, context) => {
        if (broken && e.streamId === 'rec-b') throw new Error('projection bug');
        await library().handle(e, context);
      },
    };
    const good = await record('rec-a', 1);
    const r = await run([flaky], { onError: (_name, error) => errors.push(error) });
    await r.waitFor(good);
    const bad = await record('rec-b', 1);
    while (errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(errors).toHaveLength(1);
    expect(r.status()[0]).toMatchObject({ checkpoint: good, running: false, error: 'projection bug' });
    expect(await readModels.getCheckpoint('library')).toBe(good);

    broken = false;
    await r.rebuild('library');
    await r.waitFor(bad);
    expect((await entries()).map((d) => d.id)).toEqual(['rec-a', 'rec-b']);
    expect(r.status()[0]).toMatchObject({ running: true, error: null });
  });

  it('a store read that never answers counts as the store failing: reported, then caught up from the checkpoint', async () => {
    let hang = false;
    // The SQLite store, but its reads stop answering (neither a document nor an error) while `hang` holds.
    const silent: ReadModelStore = {
      collection: <T extends Doc>(name: string) => {
        const real = readModels.collection<T>(name);
        return { ...real, get: (id: string) => (hang ? new Promise<never>(() => {}) : real.get(id)) };
      },
      getCheckpoint: (projection) => readModels.getCheckpoint(projection),
      commit: (projection, checkpoint, ops) => readModels.commit(projection, checkpoint, ops),
      reset: (projection, collections) => readModels.reset(projection, collections),
      shredDeleted: () => readModels.shredDeleted(),
      close: () => readModels.close(),
    };
    const first = await record('rec-a', 0);
    const r = new ProjectionRunner({
      events,
      readModels: silent,
      projections: [library()],
      clock,
      storeTimeoutMs: 200,
      storeRetryDelayMs: 50,
    });
    runner = r;
    await r.start();
    await r.waitFor(first);

    hang = true;
    const second = await record('rec-b', 1);
    await expect
      .poll(() => r.status()[0]?.error)
      .toMatch(/read-model store unavailable: no answer in 200 ms/);
    hang = false;
    await r.waitFor(second, 5_000);
    expect((await entries()).map((d) => [d.id, d.segments])).toEqual([
      ['rec-a', 0],
      ['rec-b', 1],
    ]);
    expect(r.status()[0]).toMatchObject({ running: true, error: null });
  });
});
