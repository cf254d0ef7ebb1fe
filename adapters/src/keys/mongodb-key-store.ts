import { KeyErasedError, type KeyStore } from '@scrivo/domain';
import { Binary, type Collection, type MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { connectMongoClient } from '../read-models/mongodb-client';
import { unreachableAsUnavailable } from '../read-models/mongodb-unreachable';

interface KeyDoc {
  _id: string;
  key?: Binary;
  createdAt: string;
  erasedAt?: string;
}

/**
 * Production keys: one document per person in the `personal_keys` collection (a database the operator can back
 * up apart from the events, and with a shorter retention). An erasure unsets the key and leaves a tombstone.
 * The server out of reach is ReadModelsUnavailableError, as for the read models beside them (503, not 500).
 */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
  ) {}

  static async connect(options: { url: string; database: string }): Promise<MongoKeyStore> {
    const client = await connectMongoClient(options.url);
    return new MongoKeyStore(client, client.db(options.database).collection<KeyDoc>('personal_keys'));
  }

  async keyFor(subjectId: string): Promise<Uint8Array> {
    try {
      // $setOnInsert: the first writer's key stays; a racing replica's upsert changes nothing.
      await this.keys.updateOne(
        { _id: subjectId },
        { $setOnInsert: { key: new Binary(randomBytes(32)), createdAt: new Date().toISOString() } },
        { upsert: true },
      );
    } catch (error) {
      // Two upserts of a new id at once: one gets a duplicate-key error; the other's key is there now.
      if (!(error instanceof Error && 'code' in error && error.code === 11000))
        unreachableAsUnavailable(error);
    }
    const doc = await this.keys.findOne({ _id: subjectId }).catch(unreachableAsUnavailable);
    if (!doc?.key) throw new KeyErasedError(subjectId);
    return new Uint8Array(doc.key.buffer);
  }

  async find(subjectId: string): Promise<Uint8Array | null> {
    const doc = await this.keys.findOne({ _id: subjectId }).catch(unreachableAsUnavailable);
    return doc?.key ? new Uint8Array(doc.key.buffer) : null;
  }

  async erase(subjectId: string): Promise<void> {
    const at = new Date().toISOString();
    await this.keys.updateOne(
      { _id: subjectId },
      { $unset: { key: '' }, $setOnInsert: { createdAt: at } },
      { upsert: true },
    );
    await this.keys.updateOne({ _id: subjectId, erasedAt: { $exists: false } }, { $set: { erasedAt: at } });
  }

  async erasedAt(subjectId: string): Promise<string | null> {
    return (await this.keys.findOne({ _id: subjectId }).catch(unreachableAsUnavailable))?.erasedAt ?? null;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
