import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MongoReadModelStore, toMongoFilter } from './mongodb-read-model-store';
import {
  describeReadModelStoreConformance,
  type ReadModelStoreConformanceOptions,
} from './read-model-store.conformance';

const url = process.env.MONGODB_URL;
// A database of its own per run, dropped afterwards, so the suite can point at a shared server.
const database = `scrivo_conformance_${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  if (!url) return;
  const client = await MongoClient.connect(url);
  await client.db(database).dropDatabase();
  await client.close();
});

const options: ReadModelStoreConformanceOptions = {
  atomicCommit: (store) => (store as MongoReadModelStore).supportsTransactions(),
};

describeReadModelStoreConformance(
  'MongoDB',
  url ? () => MongoReadModelStore.connect({ url, database }) : null,
  'MONGODB_URL not set (no MongoDB server can run on this machine)',
  options,
);

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
