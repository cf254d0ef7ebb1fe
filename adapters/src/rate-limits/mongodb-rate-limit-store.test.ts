import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { connectMongoRateLimitStore } from './mongodb-rate-limit-store';
import { describeRateLimitStoreConformance } from './rate-limit-store.conformance';

const url = process.env.MONGODB_URL;
// A database of its own per run, dropped afterwards, so the suite can point at a shared server.
const database = `scrivo_rate_limits_${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  if (!url) return;
  const client = await MongoClient.connect(url);
  await client.db(database).dropDatabase();
  await client.close();
});

describeRateLimitStoreConformance(
  'MongoDB',
  url ? () => connectMongoRateLimitStore({ url, database }) : null,
  'MONGODB_URL not set (no MongoDB server can run on this machine)',
);
