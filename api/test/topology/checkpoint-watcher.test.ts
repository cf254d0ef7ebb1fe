import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReadModelStore } from '@scrivo/adapters/read-models/sqlite-read-model-store';
import { ALL_CAUGHT_UP_CHECKPOINT, type Doc, type ReadModelStore } from '@scrivo/domain';
import { CaughtUpPublisher } from '../../src/infrastructure/caught-up-publisher';
import { CheckpointWatcher } from '../../src/infrastructure/checkpoint-watcher';

describe('read-your-writes in a process without projections (CheckpointWatcher)', () => {
  const store = new SqliteReadModelStore({ path: ':memory:' });
  afterEach(async () => {
    await store.reset('users', []);
    await store.reset('recordings', []);
    await store.reset(ALL_CAUGHT_UP_CHECKPOINT, []);
  });
  const watcher = new CheckpointWatcher(store, () => ['users', 'recordings'], 5);

  it('answers at once when every projection has passed the position', async () => {
    await store.commit('users', 10, []);
    await store.commit('recordings', 12, []);
    expect(await watcher.waitFor(10, 1000)).toBe(true);
  });

  it('waits until the slowest projection commits past the position', async () => {
    await store.commit('users', 20, []);
    await store.commit('recordings', 5, []);
    const waiting = watcher.waitFor(20, 2000);
    setTimeout(() => void store.commit('recordings', 21, []), 50);
    expect(await waiting).toBe(true);
  });

  it('gives up after the timeout instead of answering from stale read models', async () => {
    await store.commit('users', 3, []);
    const started = Date.now();
    expect(await watcher.waitFor(4, 100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('reads the one checkpoint the projector publishes when there is one, not every projection', async () => {
    // Every projection's own checkpoint is behind (not stored for events it had nothing to write for)...
    await store.commit('users', 3, []);
    await store.commit('recordings', 3, []);
    // ...but the projector's publisher says all are at 30.
    await store.commit(ALL_CAUGHT_UP_CHECKPOINT, 30, []);
    expect(await watcher.waitFor(30, 200)).toBe(true);
    expect(await watcher.waitFor(31, 100)).toBe(false);
  });
});

describe('CaughtUpPublisher: the lowest checkpoint of the local runners, for the replicas', () => {
  const store = new SqliteReadModelStore({ path: ':memory:' });

  it('publishes the latest lowest, one write at a time, and holds a lower one through a rebuild', async () => {
    const writes: number[] = [];
    const recording: ReadModelStore = {
      collection: <T extends Doc>(name: string) => store.collection<T>(name),
      getCheckpoint: (projection) => store.getCheckpoint(projection),
      commit: async (projection, checkpoint, ops) => {
        writes.push(checkpoint);
        await new Promise((r) => setTimeout(r, 20));
        await store.commit(projection, checkpoint, ops);
      },
      reset: (projection, collections) => store.reset(projection, collections),
      shredDeleted: () => store.shredDeleted(),
      close: () => store.close(),
    };
    let lowest = 5;
    const publisher = new CaughtUpPublisher(
      recording,
      () => lowest,
      () => undefined,
    );
    publisher.changed();
    // Moves while the first write is in flight are folded into one write of the last value.
    for (lowest = 6; lowest <= 9; lowest += 1) publisher.changed();
    lowest = 9;
    await expect.poll(() => store.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT)).toBe(9);
    expect(writes).toEqual([5, 9]);
    await publisher.hold(-1);
    lowest = 12;
    publisher.changed();
    await new Promise((r) => setTimeout(r, 50));
    expect(await store.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT)).toBe(-1);
    publisher.resume();
    await expect.poll(() => store.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT)).toBe(12);
    await publisher.stop();
  });

  it('keeps publishing after a move that left the lowest where it was (nothing to write)', async () => {
    // The first fix's bug, seen on the production stack: a drain that wrote nothing ended before the publisher
    // noted it was running, so it thought one was running for good and never wrote again.
    let lowest = 40;
    const publisher = new CaughtUpPublisher(
      store,
      () => lowest,
      () => undefined,
    );
    publisher.changed();
    await expect.poll(() => store.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT)).toBe(40);
    publisher.changed();
    publisher.changed();
    await new Promise((r) => setTimeout(r, 10));
    lowest = 41;
    publisher.changed();
    await expect.poll(() => store.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT)).toBe(41);
    await publisher.stop();
  });

  it('tries a failed write again after a pause, even when no checkpoint moves meanwhile', async () => {
    let failures = 1;
    const flaky: ReadModelStore = {
      collection: <T extends Doc>(name: string) => store.collection<T>(name),
      getCheckpoint: (projection) => store.getCheckpoint(projection),
      commit: async (projection, checkpoint, ops) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('database restarting');
        }
        await store.commit(projection, checkpoint, ops);
      },
      reset: (projection, collections) => store.reset(projection, collections),
      shredDeleted: () => store.shredDeleted(),
      close: () => store.close(),
    };
    const errors: unknown[] = [];
    const publisher = new CaughtUpPublisher(
      flaky,
      () => 50,
      (error) => errors.push(error),
    );
    publisher.changed();
    await expect.poll(() => store.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT), { timeout: 3000 }).toBe(50);
    expect(errors).toHaveLength(1);
    await publisher.stop();
  });
});
