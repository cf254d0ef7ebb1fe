import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { notBuiltReason, type RunningServer, serverBinary, startFerretDb } from '../testing/real-servers';
import { connectMongoRateLimitStore } from './mongodb-rate-limit-store';
import { describeRateLimitStoreConformance } from './rate-limit-store.conformance';

const external = process.env.MONGODB_URL;
const binary = external ? null : serverBinary('ferretdb');
let server: RunningServer | null = null;
beforeAll(async () => {
  if (!external && binary) server = await startFerretDb(binary);
}, 60_000);
/** MONGODB_URL when set (a real MongoDB), otherwise FerretDB (the MongoDB wire protocol over SQLite) here. */
const url = () => external ?? server!.url;
const available = Boolean(external || binary);
// A database of its own per run, dropped afterwards, so the suite can point at a shared server.
const database = `scrivo_rate_limits_${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  if (external) {
    const client = await MongoClient.connect(external);
    await client.db(database).dropDatabase();
    await client.close();
  }
  await server?.stop();
});

describeRateLimitStoreConformance(
  external ? 'MongoDB at MONGODB_URL' : 'MongoDB protocol (FerretDB on 127.0.0.1)',
  available ? () => connectMongoRateLimitStore({ url: url(), database }) : null,
  notBuiltReason('ferretdb'),
);
