import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Doc } from '@scrivo/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { describeReadModelStoreConformance } from './read-model-store.conformance';
import { compileFilter, SqliteReadModelStore } from './sqlite-read-model-store';

type Fields = Doc & Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'scrivo-read-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeReadModelStoreConformance(
  'embedded SQLite (file, WAL)',
  async () => new SqliteReadModelStore({ path: join(dir, 'conformance.db') }),
);
describeReadModelStoreConformance(
  'embedded SQLite (memory)',
  async () => new SqliteReadModelStore({ path: ':memory:' }),
);

describe('embedded SQLite read-model store', () => {
  it('leaves no byte of a deleted document in the file or its write-ahead log once shredded, while open', async () => {
    const path = join(dir, 'shred.db');
    const store = new SqliteReadModelStore({ path });
    const bytes = () =>
      Buffer.concat([path, `${path}-wal`].filter(existsSync).map((f) => readFileSync(f))).toString('latin1');
    await store.commit('library', 1, [
      { kind: 'upsert', collection: 'recordings', doc: { id: 'r1', title: 'Glimmerdusk meeting' } as Doc },
      { kind: 'upsert', collection: 'recordings', doc: { id: 'r2', title: 'Kept title' } as Doc },
    ]);
    await store.commit('library', 2, [{ kind: 'delete', collection: 'recordings', id: 'r1' }]);
    expect(bytes()).toContain('Glimmerdusk');
    await store.shredDeleted();
    expect(bytes()).not.toContain('Glimmerdusk');
    expect(bytes()).toContain('Kept title');
    expect(await store.collection('recordings').get('r2')).toMatchObject({ title: 'Kept title' });
    await store.close();
  });

  it('keeps documents and checkpoints across a reopen of the file', async () => {
    const path = join(dir, 'reopen.db');
    const first = new SqliteReadModelStore({ path });
    await first.collection<Fields>('recordings').ensureIndex({ fields: ['ownerId'] });
    await first.commit('library', 5, [
      { kind: 'upsert', collection: 'recordings', doc: { id: 'r1', ownerId: 'u1' } as Doc },
    ]);
    await first.close();

    const second = new SqliteReadModelStore({ path });
    expect(await second.getCheckpoint('library')).toBe(5);
    expect(await second.collection<Fields>('recordings').find({ ownerId: 'u1' })).toEqual([
      { id: 'r1', ownerId: 'u1' },
    ]);
    await second.close();
  });

  it('answers filtered queries from the expression index instead of scanning the table', async () => {
    const path = join(dir, 'plan.db');
    const store = new SqliteReadModelStore({ path });
    const recordings = store.collection<Fields>('recordings');
    await recordings.ensureIndex({ fields: ['owner.id', 'createdAt'] });
    for (let i = 0; i < 50; i += 1)
      await recordings.upsert({ id: `r${i}`, owner: { id: `u${i % 5}` }, createdAt: i });
    expect(await recordings.count({ 'owner.id': 'u3', createdAt: { $gte: 20 } })).toBe(6);
    await store.close();

    const { where, params } = compileFilter({ 'owner.id': 'u3', createdAt: { $gte: 20 } });
    const db = new Database(path, { readonly: true });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "rm_recordings" WHERE ${where}`)
      .all(...params);
    db.close();
    expect((plan as { detail: string }[]).map((row) => row.detail).join('\n')).toMatch(
      /USING INDEX ix_recordings_owner__id_createdAt/,
    );
  });
});
