import { ConcurrencyError } from '@scrivo/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newEvent } from './event-store.conformance';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded SQLite event store: group commit of concurrent appends', () => {
  it('commits concurrent appends together, in the order they were requested', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'order.db') });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.append(`recording-${i}`, [newEvent('Started', { i }), newEvent('Named', { i })], {
          expectedRevision: 'no_stream',
        }),
      ),
    );
    expect(results.map((r) => r.lastPosition)).toEqual(Array.from({ length: 50 }, (_, i) => 2 * i + 2));
    const all = await store.readAll();
    expect(all.map((e) => (e.data as { i: number }).i)).toEqual(
      Array.from({ length: 100 }, (_, i) => Math.floor(i / 2)),
    );
    await store.close();
  });

  it('rejects a conflicting append alone: the rest of its group is committed', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'conflict.db') });
    await store.append('job-1', [newEvent('Requested')], { expectedRevision: 'no_stream' });
    const [claimA, claimB, other] = await Promise.allSettled([
      store.append('job-1', [newEvent('Claimed', { by: 'a' })], { expectedRevision: 0 }),
      store.append('job-1', [newEvent('Claimed', { by: 'b' }), newEvent('Started')], { expectedRevision: 0 }),
      store.append('job-2', [newEvent('Requested')], { expectedRevision: 'no_stream' }),
    ]);
    expect(claimA.status).toBe('fulfilled');
    expect(claimB.status === 'rejected' && claimB.reason).toBeInstanceOf(ConcurrencyError);
    expect(other.status).toBe('fulfilled');
    expect((await store.readStream('job-1')).map((e) => e.type)).toEqual(['Requested', 'Claimed']);
    expect((await store.readAll()).map((e) => e.globalPosition)).toEqual([1, 2, 3]); // no gap from the rollback
    await store.close();
  });

  it('commits appends still waiting when the store is closed', async () => {
    const path = join(dir, 'close.db');
    const store = new SqliteEventStore({ path });
    const appended = store.append('recording-1', [newEvent('Started')], { expectedRevision: 'no_stream' });
    await store.close();
    await expect(appended).resolves.toMatchObject({ nextExpectedRevision: 0 });
    const reopened = new SqliteEventStore({ path });
    expect(await reopened.readStream('recording-1')).toHaveLength(1);
    await reopened.close();
  });
});
