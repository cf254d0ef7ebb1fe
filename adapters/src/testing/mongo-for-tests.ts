import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { notBuiltReason, type RunningServer, serverBinary, startFerretDb } from './real-servers';

/**
 * The MongoDB server a test file runs against: MONGODB_URL when set (a real MongoDB), otherwise FerretDB (the
 * MongoDB wire protocol over SQLite) started for the file. Each file gets a database of its own, dropped
 * afterwards, so the suites can share a server. Call at the top level of a test file.
 */
export const mongoForTests = (databasePrefix: string) => {
  const external = process.env.MONGODB_URL;
  const binary = external ? null : serverBinary('ferretdb');
  let server: RunningServer | null = null;
  const database = `${databasePrefix}_${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    if (!external && binary) server = await startFerretDb(binary);
  }, 60_000);
  afterAll(async () => {
    if (external) {
      const client = await MongoClient.connect(external);
      await client.db(database).dropDatabase();
      await client.close();
    }
    await server?.stop();
  });
  return {
    available: Boolean(external || binary),
    name: external ? 'MongoDB at MONGODB_URL' : 'MongoDB protocol (FerretDB on 127.0.0.1)',
    skipReason: notBuiltReason('ferretdb'),
    database,
    url: () => external ?? server!.url,
    /** One document as the server holds it (for tests outside the adapters, which do not use the driver). */
    async findById(collection: string, id: string): Promise<Record<string, unknown> | null> {
      const client = await MongoClient.connect(external ?? server!.url);
      try {
        return await client.db(database).collection<{ _id: string }>(collection).findOne({ _id: id });
      } finally {
        await client.close();
      }
    },
  };
};
