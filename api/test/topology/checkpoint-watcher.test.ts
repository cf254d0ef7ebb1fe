import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReadModelStore } from '@scrivo/adapters/read-models/sqlite-read-model-store';
import { CheckpointWatcher } from '../../src/infrastructure/checkpoint-watcher';

describe('read-your-writes in a process without projections (CheckpointWatcher)', () => {
  const store = new SqliteReadModelStore({ path: ':memory:' });
  afterEach(async () => {
    await store.reset('users', []);
    await store.reset('recordings', []);
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
});
