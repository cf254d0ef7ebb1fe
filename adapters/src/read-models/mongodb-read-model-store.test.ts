import type { Doc } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mongoForTests } from '../testing/mongo-for-tests';
import { MongoReadModelStore, toMongoFilter } from './mongodb-read-model-store';
import {
  describeReadModelStoreConformance,
  type ReadModelStoreConformanceOptions,
} from './read-model-store.conformance';

const mongo = mongoForTests('scrivo_conformance');
const connect = () => MongoReadModelStore.connect({ url: mongo.url(), database: mongo.database });

const options: ReadModelStoreConformanceOptions = {
  atomicCommit: (store) => (store as MongoReadModelStore).supportsTransactions(),
};

describeReadModelStoreConformance(mongo.name, mongo.available ? connect : null, mongo.skipReason, options);

// Without a server, at least the translation of the port's filters into MongoDB queries is pinned down here.
describe('MongoDB filter translation', () => {
  it('maps id to _id and keeps equality, null and dotted paths as MongoDB reads them', () => {
    expect(toMongoFilter({ id: 'r1' })).toEqual({ _id: { $eq: 'r1' } });
    expect(toMongoFilter({ status: null })).toEqual({ status: { $eq: null } });
    expect(toMongoFilter({ 'owner.id': 'u1', status: 'done' })).toEqual({
      $and: [{ 'owner.id': { $eq: 'u1' } }, { status: { $eq: 'done' } }],
    });
    expect(toMongoFilter(undefined)).toEqual({});
  });

  it('passes the comparison operators through and splits combined ones', () => {
    expect(toMongoFilter({ minutes: { $gte: 3, $lt: 10 } })).toEqual({
      $and: [{ minutes: { $gte: 3 } }, { minutes: { $lt: 10 } }],
    });
    expect(toMongoFilter({ status: { $in: ['a', null] } })).toEqual({ status: { $in: ['a', null] } });
    expect(toMongoFilter({ status: { $ne: 'done' } })).toEqual({ status: { $ne: 'done' } });
  });

  it('turns $contains into an escaped case-insensitive regular expression', () => {
    const filter = toMongoFilter({ title: { $contains: 'Board (Q3) a.b*' } });
    expect(filter).toEqual({ title: { $regex: 'Board \\(Q3\\) a\\.b\\*', $options: 'i' } });
    const regex = new RegExp(filter.title.$regex as string, 'i');
    expect(regex.test('the board (q3) A.B* review')).toBe(true);
    expect(regex.test('Board Q3 aXb')).toBe(false);
  });

  it('nests $or and makes an empty $or match nothing', () => {
    expect(toMongoFilter({ $or: [{ status: 'a' }, { $or: [] }] })).toEqual({
      $or: [{ status: { $eq: 'a' } }, { _id: { $in: [] } }],
    });
  });

  it('refuses what the embedded store refuses', () => {
    expect(() => toMongoFilter({ 'a.$where': 1 })).toThrow();
    expect(() => toMongoFilter({ status: { $where: 'sleep(1000)' } } as never)).toThrow();
    expect(() => toMongoFilter({ _id: 'x' })).toThrow();
  });
});

/**
 * Without a replica set (FerretDB here, a standalone mongod elsewhere) documents and checkpoint are not written in
 * one transaction: a crash between them leaves the documents written and the checkpoint behind. The runner then
 * replays the batch, and because every write is an upsert or a delete by id, the replay lands on the same state.
 */
interface User extends Doc {
  readonly email: string;
  readonly visits: number;
}

describe.skipIf(!mongo.available)(
  'MongoDB read models without transactions: a crash mid-commit is repaired by replay',
  () => {
    it('replaying a half-applied batch gives the same documents and moves the checkpoint once', async () => {
      const store = await connect();
      const projection = `replay_${randomUUID().slice(0, 8)}`;
      const users = `users_${randomUUID().slice(0, 8)}`;
      const user = (id: string, email: string, visits: number): User => ({ id, email, visits });
      await store.commit(projection, 1, [
        { kind: 'upsert', collection: users, doc: user('u1', 'ada@example.com', 1) },
        { kind: 'upsert', collection: users, doc: user('gone', 'old@example.com', 0) },
      ]);
      const batch = [
        { kind: 'upsert', collection: users, doc: user('u1', 'ada@example.com', 2) },
        { kind: 'upsert', collection: users, doc: user('u2', 'bo@example.com', 1) },
        { kind: 'delete', collection: users, id: 'gone' },
      ] as const;
      // The crash: the batch's writes reached the server, its checkpoint did not.
      await store.collection<User>(users).upsert(batch[0].doc);
      await store.collection<User>(users).upsert(batch[1].doc);
      await store.collection<User>(users).delete('gone');
      expect(await store.getCheckpoint(projection)).toBe(1);

      await store.commit(projection, 2, [...batch]);
      expect(await store.getCheckpoint(projection)).toBe(2);
      expect(
        await store.collection<User>(users).find({}, { sort: [{ field: 'id', direction: 'asc' }] }),
      ).toEqual([
        { id: 'u1', email: 'ada@example.com', visits: 2 },
        { id: 'u2', email: 'bo@example.com', visits: 1 },
      ]);
      await store.close();
    });
  },
);
