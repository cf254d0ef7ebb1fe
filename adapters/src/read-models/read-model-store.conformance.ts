import { DomainError, type Doc, type ReadModelStore } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

export interface ReadModelStoreConformanceOptions {
  /**
   * Whether a commit that fails leaves none of its writes behind. The embedded store always does; MongoDB only
   * on a replica set (a standalone server gets ordered writes, then the checkpoint). Defaults to true.
   */
  readonly atomicCommit?: (store: ReadModelStore) => Promise<boolean>;
}

interface Recording extends Doc {
  readonly title: string;
  readonly status?: string | null;
  readonly minutes?: number | string | boolean | null;
  readonly owner?: { readonly id: string; readonly name: string };
  readonly tags?: readonly string[];
}

const recordings: Recording[] = [
  { id: 'r1', title: 'Weekly standup', status: 'done', minutes: 15, owner: { id: 'u1', name: 'Ada' } },
  { id: 'r2', title: 'Customer interview', status: 'done', minutes: 42.5, owner: { id: 'u2', name: 'Bo' } },
  { id: 'r3', title: 'STANDUP notes', status: 'queued', minutes: 3, owner: { id: 'u1', name: 'Ada' } },
  { id: 'r4', title: 'Ärger im Büro', status: 'failed', minutes: '15', owner: { id: 'u3', name: 'Ćiro' } },
  { id: 'r5', title: 'Untitled', status: null, minutes: true },
  { id: 'r6', title: 'Board (Q3) 50% a.b', minutes: 0, owner: { id: 'u2', name: 'Bo' }, tags: ['x'] },
];

/** Any JSON document (the port's Doc only promises an id). */
type Fields = Doc & Record<string, unknown>;
/** Types a write op's document literal without the excess-property check. */
const doc = (fields: Fields): Doc => fields;

const ids = (docs: readonly Doc[]) => docs.map((d) => d.id);
const sorted = (docs: readonly Doc[]) => ids(docs).sort();

/**
 * The ReadModelStore port's contract, which every adapter runs: the embedded SQLite store always, MongoDB when
 * MONGODB_URL is set. Collections and projections get unique names so the suite can run against a shared server.
 *
 * Semantics pinned here (the MongoDB ones): values are never coerced across types (1 is not '1' nor true); a
 * null condition matches null and missing fields; $ne and $nin-like negations match missing fields; ranges only
 * compare numbers with numbers and strings with strings; $contains is a case-insensitive substring on strings.
 * Filtered and sorted fields hold scalars (array-element matching is not part of the port).
 */
export const describeReadModelStoreConformance = (
  name: string,
  create: (() => Promise<ReadModelStore>) | null,
  skipReason?: string,
  options: ReadModelStoreConformanceOptions = {},
) => {
  const suite = create ? describe : describe.skip;
  suite(`ReadModelStore conformance: ${name}${create ? '' : ` (skipped: ${skipReason})`}`, () => {
    let store: ReadModelStore;
    const unique = (label: string) => `${label}_${randomUUID().slice(0, 8)}`;
    /** A fresh collection holding the six recordings above. */
    const seeded = async () => {
      const collection = store.collection<Recording>(unique('recordings'));
      for (const doc of recordings) await collection.upsert(doc);
      return collection;
    };

    beforeAll(async () => {
      store = await create!();
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('documents', () => {
      it('reads back an upserted document exactly, and null for an unknown id', async () => {
        const collection = store.collection<Fields>(unique('docs'));
        const original = {
          id: 'd1',
          text: 'Grüße, 世界 "quoted" \\ \'single\'',
          n: 3,
          x: 0.25,
          yes: true,
          no: false,
          nothing: null,
          list: [1, 'two', { three: 3 }],
          nested: { deep: { deeper: 'ok' } },
        };
        await collection.upsert(original);
        expect(await collection.get('d1')).toEqual(original);
        expect(await collection.get('missing')).toBeNull();
      });

      it('upsert replaces the whole document: fields left out of the new version are gone', async () => {
        const collection = store.collection<Fields>(unique('docs'));
        await collection.upsert({ id: 'd1', title: 'First', draft: true });
        await collection.upsert({ id: 'd1', title: 'Second' });
        expect(await collection.get('d1')).toEqual({ id: 'd1', title: 'Second' });
        expect(await collection.count()).toBe(1);
      });

      it('deletes a document; deleting a missing one is not an error', async () => {
        const collection = await seeded();
        await collection.delete('r1');
        await collection.delete('never-existed');
        expect(await collection.get('r1')).toBeNull();
        expect(await collection.count()).toBe(5);
      });

      it('treats an untouched collection as empty', async () => {
        const collection = store.collection<Fields>(unique('empty'));
        expect(await collection.find()).toEqual([]);
        expect(await collection.count()).toBe(0);
        expect(await collection.get('x')).toBeNull();
      });

      it('keeps collections apart', async () => {
        const a = store.collection<Fields>(unique('a'));
        const b = store.collection<Fields>(unique('b'));
        await a.upsert({ id: 'same', side: 'a' });
        await b.upsert({ id: 'same', side: 'b' });
        expect(await a.get('same')).toEqual({ id: 'same', side: 'a' });
        expect(await b.find()).toEqual([{ id: 'same', side: 'b' }]);
      });
    });

    describe('filters', () => {
      it('matches equality on strings, numbers and booleans without coercing types', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ status: 'done' }))).toEqual(['r1', 'r2']);
        expect(sorted(await c.find({ minutes: 15 }))).toEqual(['r1']); // not r4's '15'
        expect(sorted(await c.find({ minutes: '15' }))).toEqual(['r4']);
        expect(sorted(await c.find({ minutes: 42.5 }))).toEqual(['r2']);
        expect(sorted(await c.find({ minutes: true }))).toEqual(['r5']); // not 1
        expect(sorted(await c.find({ minutes: 1 }))).toEqual([]);
        expect(sorted(await c.find({ minutes: 0 }))).toEqual(['r6']); // not false
        expect(sorted(await c.find({ status: { $eq: 'queued' } }))).toEqual(['r3']);
        expect(sorted(await c.find({ id: 'r2' }))).toEqual(['r2']);
      });

      it('matches null against explicit nulls and missing fields', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ status: null }))).toEqual(['r5', 'r6']);
        expect(sorted(await c.find({ owner: { $eq: null } }))).toEqual(['r5']);
      });

      it('ANDs several fields', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ status: 'done', 'owner.id': 'u1' }))).toEqual(['r1']);
      });

      it('$ne also matches documents without the field; $ne null means "present and not null"', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ status: { $ne: 'done' } }))).toEqual(['r3', 'r4', 'r5', 'r6']);
        expect(sorted(await c.find({ status: { $ne: null } }))).toEqual(['r1', 'r2', 'r3', 'r4']);
        expect(sorted(await c.find({ minutes: { $ne: 15 } }))).toEqual(['r2', 'r3', 'r4', 'r5', 'r6']);
        expect(sorted(await c.find({ minutes: { $ne: true } }))).toEqual(['r1', 'r2', 'r3', 'r4', 'r6']);
      });

      it('$in matches any listed value (null matches missing), and an empty list matches nothing', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ status: { $in: ['queued', 'failed'] } }))).toEqual(['r3', 'r4']);
        expect(sorted(await c.find({ minutes: { $in: [3, '15', false] } }))).toEqual(['r3', 'r4']);
        expect(sorted(await c.find({ status: { $in: ['done', null] } }))).toEqual(['r1', 'r2', 'r5', 'r6']);
        expect(await c.find({ status: { $in: [] } })).toEqual([]);
      });

      it('$gt/$gte/$lt/$lte compare numbers with numbers only', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ minutes: { $gt: 3 } }))).toEqual(['r1', 'r2']);
        expect(sorted(await c.find({ minutes: { $gte: 3 } }))).toEqual(['r1', 'r2', 'r3']);
        expect(sorted(await c.find({ minutes: { $lt: 15 } }))).toEqual(['r3', 'r6']);
        expect(sorted(await c.find({ minutes: { $lte: 15 } }))).toEqual(['r1', 'r3', 'r6']);
        expect(sorted(await c.find({ minutes: { $gte: 3, $lt: 42.5 } }))).toEqual(['r1', 'r3']);
      });

      it('$gt/$gte/$lt/$lte compare strings with strings only (ISO instants sort as text)', async () => {
        const c = store.collection<Fields>(unique('dated'));
        for (const [id, at] of [
          ['a', '2026-01-01T00:00:00.000Z'],
          ['b', '2026-02-01T00:00:00.000Z'],
          ['c', '2026-03-01T00:00:00.000Z'],
          ['d', 20260401],
        ] as const) {
          await c.upsert({ id, at });
        }
        expect(sorted(await c.find({ at: { $gte: '2026-02-01T00:00:00.000Z' } }))).toEqual(['b', 'c']);
        expect(sorted(await c.find({ at: { $lt: '2026-02-01T00:00:00.000Z' } }))).toEqual(['a']);
        expect(sorted(await c.find({ at: { $gt: 0 } }))).toEqual(['d']);
      });

      it('$contains is a case-insensitive substring match on strings, in any script, with no pattern syntax', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ title: { $contains: 'standup' } }))).toEqual(['r1', 'r3']);
        expect(sorted(await c.find({ title: { $contains: 'ärger' } }))).toEqual(['r4']);
        expect(sorted(await c.find({ title: { $contains: 'BÜRO' } }))).toEqual(['r4']);
        expect(sorted(await c.find({ title: { $contains: '(q3)' } }))).toEqual(['r6']);
        expect(sorted(await c.find({ title: { $contains: 'a.b' } }))).toEqual(['r6']);
        expect(sorted(await c.find({ title: { $contains: '50%' } }))).toEqual(['r6']);
        expect(sorted(await c.find({ title: { $contains: '.*' } }))).toEqual([]);
        expect(sorted(await c.find({ minutes: { $contains: '1' } }))).toEqual(['r4']); // only the string '15'
      });

      it('$or matches any of its filters, nests, and an empty $or matches nothing', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ $or: [{ status: 'queued' }, { 'owner.id': 'u2' }] }))).toEqual([
          'r2',
          'r3',
          'r6',
        ]);
        expect(
          sorted(
            await c.find({
              $or: [
                { status: 'failed' },
                { $or: [{ minutes: { $gt: 40 } }, { title: { $contains: 'untitled' } }] },
              ],
            }),
          ),
        ).toEqual(['r2', 'r4', 'r5']);
        expect(await c.find({ $or: [] })).toEqual([]);
      });

      it('follows dotted paths into nested objects', async () => {
        const c = await seeded();
        expect(sorted(await c.find({ 'owner.id': 'u1' }))).toEqual(['r1', 'r3']);
        expect(sorted(await c.find({ 'owner.name': { $contains: 'ći' } }))).toEqual(['r4']);
        expect(await c.count({ 'owner.id': { $in: ['u2', 'u3'] } })).toBe(3);
      });

      it('binds values: text that looks like a query is just text', async () => {
        const c = await seeded();
        expect(await c.find({ status: "done' OR '1'='1" })).toEqual([]);
        expect(await c.find({ title: { $contains: "' OR 1=1 --" } })).toEqual([]);
        expect(await c.find({ status: { $in: ['{"$ne":null}'] } })).toEqual([]);
      });

      it('refuses malformed filters, invalid paths and collection names', async () => {
        const c = await seeded();
        const refuse = (filter: unknown) => expect(c.find(filter as never)).rejects.toThrow();
        await refuse({ 'title); DROP TABLE x; --': 'x' });
        await refuse({ "a'.b": 1 });
        await refuse({ 'list.0': 1 });
        await refuse({ status: { $regex: '.*' } });
        await refuse({ status: { $in: 'done' } });
        await refuse({ minutes: { $gt: true } });
        await refuse({ owner: { id: 'u1' } });
        await refuse({ $or: { status: 'done' } });
        await expect(c.find({}, { limit: -1 })).rejects.toThrow();
        expect(() => store.collection<Fields>('bad name"; --')).toThrow();
        expect(() => store.collection<Fields>('_checkpoints')).toThrow();
        expect(await c.count()).toBe(6);
      });
    });

    describe('count, sort and paging', () => {
      it('counts all documents or those matching a filter', async () => {
        const c = await seeded();
        expect(await c.count()).toBe(6);
        expect(await c.count({ status: 'done' })).toBe(2);
        expect(await c.count({ minutes: { $gte: 0 } })).toBe(4);
      });

      it('sorts by several keys, each ascending or descending, breaking ties by id', async () => {
        const c = store.collection<Fields>(unique('sorted'));
        const docs = [
          { id: 'a', group: 'x', rank: 2 },
          { id: 'b', group: 'y', rank: 1 },
          { id: 'c', group: 'x', rank: 3 },
          { id: 'd', group: 'y', rank: 1 },
          { id: 'e', group: 'x', rank: 2 },
        ];
        for (const doc of docs) await c.upsert(doc);
        expect(ids(await c.find({}, { sort: [{ field: 'rank', direction: 'asc' }] }))).toEqual([
          'b',
          'd',
          'a',
          'e',
          'c',
        ]);
        const byGroupThenRankDesc = await c.find(
          {},
          {
            sort: [
              { field: 'group', direction: 'desc' },
              { field: 'rank', direction: 'desc' },
            ],
          },
        );
        expect(ids(byGroupThenRankDesc)).toEqual(['b', 'd', 'c', 'a', 'e']);
        expect(ids(await c.find({}, { sort: [{ field: 'id', direction: 'desc' }] }))).toEqual([
          'e',
          'd',
          'c',
          'b',
          'a',
        ]);
      });

      it('sorts on dotted paths; documents missing the field come first ascending and last descending', async () => {
        const c = await seeded();
        const asc = await c.find({}, { sort: [{ field: 'owner.name', direction: 'asc' }] });
        expect(ids(asc)).toEqual(['r5', 'r1', 'r3', 'r2', 'r6', 'r4']);
        const desc = await c.find({}, { sort: [{ field: 'owner.name', direction: 'desc' }] });
        expect(ids(desc)).toEqual(['r4', 'r2', 'r6', 'r1', 'r3', 'r5']);
      });

      it('pages with limit and skip over a stable order', async () => {
        const c = await seeded();
        const sort = [{ field: 'title', direction: 'asc' as const }];
        const all = ids(await c.find({}, { sort }));
        expect(all).toEqual(['r6', 'r2', 'r3', 'r5', 'r1', 'r4']);
        expect(ids(await c.find({}, { sort, limit: 2 }))).toEqual(['r6', 'r2']);
        expect(ids(await c.find({}, { sort, skip: 2, limit: 2 }))).toEqual(['r3', 'r5']);
        expect(ids(await c.find({}, { sort, skip: 5, limit: 2 }))).toEqual(['r4']);
        expect(ids(await c.find({}, { sort, skip: 4 }))).toEqual(['r1', 'r4']);
        expect(await c.find({}, { sort, limit: 0 })).toEqual([]);
        expect(ids(await c.find({ status: 'done' }, { limit: 1 }))).toEqual(['r1']);
      });
    });

    describe('indexes', () => {
      it('creates indexes idempotently and queries still answer the same', async () => {
        const c = await seeded();
        await c.ensureIndex({ fields: ['status'] });
        await c.ensureIndex({ fields: ['status'] });
        await c.ensureIndex({ fields: ['owner.id', 'minutes'] });
        await c.ensureIndex({ fields: ['id'] });
        expect(sorted(await c.find({ status: 'done' }))).toEqual(['r1', 'r2']);
        expect(sorted(await c.find({ 'owner.id': 'u1', minutes: { $gt: 5 } }))).toEqual(['r1']);
      });

      it('a unique index refuses a second document with the same value (DUPLICATE_KEY), not an update', async () => {
        const users = store.collection<Fields>(unique('users'));
        await users.ensureIndex({ fields: ['email'], unique: true });
        await users.upsert({ id: 'u1', email: 'ada@example.com', name: 'Ada' });
        await users.upsert({ id: 'u1', email: 'ada@example.com', name: 'Ada L.' }); // same document: fine
        const duplicate = users.upsert({ id: 'u2', email: 'ada@example.com', name: 'Impostor' });
        await expect(duplicate).rejects.toBeInstanceOf(DomainError);
        await expect(users.upsert({ id: 'u2', email: 'ada@example.com' })).rejects.toMatchObject({
          code: 'DUPLICATE_KEY',
        });
        // Documents without the field do not collide with each other.
        await users.upsert({ id: 'u3', name: 'No email yet' });
        await users.upsert({ id: 'u4', name: 'No email either' });
        expect(sorted(await users.find())).toEqual(['u1', 'u3', 'u4']);
        expect((await users.get('u1'))?.name).toBe('Ada L.');
      });

      it('a unique index over several fields only refuses the same combination', async () => {
        const c = store.collection<Fields>(unique('members'));
        await c.ensureIndex({ fields: ['org', 'user.id'], unique: true });
        await c.upsert({ id: 'm1', org: 'o1', user: { id: 'u1' } });
        await c.upsert({ id: 'm2', org: 'o2', user: { id: 'u1' } });
        await expect(c.upsert({ id: 'm3', org: 'o1', user: { id: 'u1' } })).rejects.toMatchObject({
          code: 'DUPLICATE_KEY',
        });
      });

      it('creating a unique index over existing duplicates fails', async () => {
        const c = await seeded();
        await expect(c.ensureIndex({ fields: ['status'], unique: true })).rejects.toThrow();
      });
    });

    describe('commits and checkpoints', () => {
      it('has no checkpoint before the first commit', async () => {
        expect(await store.getCheckpoint(unique('never-ran'))).toBeNull();
      });

      it('applies upserts and deletes across collections and moves the checkpoint', async () => {
        const projection = unique('library');
        const items = unique('items');
        const stats = unique('stats');
        await store.collection<Fields>(items).upsert({ id: 'old', title: 'Old' });
        await store.commit(projection, 7, [
          { kind: 'upsert', collection: items, doc: doc({ id: 'i1', title: 'One' }) },
          { kind: 'upsert', collection: stats, doc: doc({ id: 'total', count: 1 }) },
          { kind: 'delete', collection: items, id: 'old' },
          { kind: 'delete', collection: items, id: 'never-existed' },
        ]);
        expect(await store.getCheckpoint(projection)).toBe(7);
        expect(await store.collection<Fields>(items).find()).toEqual([{ id: 'i1', title: 'One' }]);
        expect(await store.collection<Fields>(stats).get('total')).toEqual({ id: 'total', count: 1 });

        await store.commit(projection, 9, [
          { kind: 'upsert', collection: items, doc: doc({ id: 'i1', title: 'Uno' }) },
        ]);
        expect(await store.getCheckpoint(projection)).toBe(9);
        expect(await store.collection<Fields>(items).get('i1')).toEqual({ id: 'i1', title: 'Uno' });
      });

      it('a commit without writes still moves the checkpoint (events the projection ignores)', async () => {
        const projection = unique('idle');
        await store.commit(projection, 0, []);
        expect(await store.getCheckpoint(projection)).toBe(0);
        await store.commit(projection, 41, []);
        expect(await store.getCheckpoint(projection)).toBe(41);
      });

      it('keeps each projection its own checkpoint', async () => {
        const a = unique('a');
        const b = unique('b');
        await store.commit(a, 3, []);
        await store.commit(b, 5, []);
        expect([await store.getCheckpoint(a), await store.getCheckpoint(b)]).toEqual([3, 5]);
      });

      it('a failed commit does not move the checkpoint (and, where atomic, leaves none of its writes)', async () => {
        const projection = unique('accounts');
        const users = unique('users');
        await store.collection<Fields>(users).ensureIndex({ fields: ['email'], unique: true });
        await store.commit(projection, 1, [
          { kind: 'upsert', collection: users, doc: doc({ id: 'u1', email: 'ada@example.com' }) },
        ]);
        const failing = store.commit(projection, 2, [
          { kind: 'upsert', collection: users, doc: doc({ id: 'u2', email: 'bo@example.com' }) },
          { kind: 'upsert', collection: users, doc: doc({ id: 'u3', email: 'ada@example.com' }) },
        ]);
        await expect(failing).rejects.toMatchObject({ code: 'DUPLICATE_KEY' });
        expect(await store.getCheckpoint(projection)).toBe(1);
        expect(await store.collection<Fields>(users).get('u3')).toBeNull();
        if (options.atomicCommit === undefined || (await options.atomicCommit(store))) {
          expect(await store.collection<Fields>(users).get('u2')).toBeNull();
        }
      });
    });

    describe('reset', () => {
      it("drops the projection's collections and checkpoint, and nothing else", async () => {
        const projection = unique('search');
        const other = unique('other');
        const [docs, facets, kept] = [unique('docs'), unique('facets'), unique('kept')];
        await store.collection<Fields>(docs).ensureIndex({ fields: ['title'], unique: true });
        await store.commit(projection, 12, [
          { kind: 'upsert', collection: docs, doc: doc({ id: 'd1', title: 'A' }) },
          { kind: 'upsert', collection: facets, doc: doc({ id: 'f1' }) },
        ]);
        await store.commit(other, 4, [{ kind: 'upsert', collection: kept, doc: doc({ id: 'k1' }) }]);

        await store.reset(projection, [docs, facets]);

        expect(await store.getCheckpoint(projection)).toBeNull();
        expect(await store.collection<Fields>(docs).count()).toBe(0);
        expect(await store.collection<Fields>(facets).find()).toEqual([]);
        expect(await store.getCheckpoint(other)).toBe(4);
        expect(await store.collection<Fields>(kept).get('k1')).toEqual({ id: 'k1' });
        // The dropped collection is usable again, without its old unique index.
        await store.collection<Fields>(docs).upsert({ id: 'd1', title: 'A' });
        await store.collection<Fields>(docs).upsert({ id: 'd2', title: 'A' });
        expect(await store.collection<Fields>(docs).count()).toBe(2);
      });

      it('resetting a projection that never ran is fine', async () => {
        await store.reset(unique('never'), [unique('nothing')]);
      });
    });
  });
};
