import type { BlobStore, EventStore, KeyStore, RateLimitStore, ReadModelStore } from '@scrivo/domain';
import { join } from 'node:path';
import type { EmailStreamNames } from '@scrivo/domain/accounts';
import { emailStreamNamesFor } from '../accounts/support/email-keyer';
import type { AppConfig } from '../config/config';
import { prepareDataDir } from './data-dir';

export interface Adapters {
  readonly events: EventStore;
  readonly readModels: ReadModelStore;
  readonly blobs: BlobStore;
  /** Rate-limit counters, beside the read models: every API replica counts together. */
  readonly rateLimits: RateLimitStore;
  /** Per-person keys: the events' personal data is sealed with them, and an erasure deletes one. */
  readonly keys: KeyStore;
  /** The names of an address's streams, keyed with this server's secret (no stream name holds an address). */
  readonly emailStreams: EmailStreamNames;
  /** Which adapter serves each port, for /api/health. */
  readonly names: { readonly events: string; readonly readModels: string; readonly blobs: string };
}

/**
 * The per-person keys of crypto-shredding: a SQLite file of their own embedded, a MongoDB collection when the
 * read models are in MongoDB.
 */
export const openKeyStore = async (config: AppConfig): Promise<KeyStore> => {
  if (config.SCRIVO_READ_MODELS === 'mongodb') {
    const { MongoKeyStore } = await import('@scrivo/adapters/keys/mongodb-key-store');
    return MongoKeyStore.connect({ url: config.MONGODB_URL!, database: config.MONGODB_DB });
  }
  const { SqliteKeyStore } = await import('@scrivo/adapters/keys/sqlite-key-store');
  return new SqliteKeyStore({ path: join(config.SCRIVO_DATA_DIR, 'keys.db') });
};

const openRawEventStore = async (config: AppConfig): Promise<EventStore> => {
  if (config.SCRIVO_EVENT_STORE === 'eventstoredb') {
    const { EventStoreDbEventStore } = await import('@scrivo/adapters/events/eventstoredb-event-store');
    return EventStoreDbEventStore.fromConnectionString(config.EVENTSTORE_URL!);
  }
  const { SqliteEventStore } = await import('@scrivo/adapters/events/sqlite-event-store');
  return new SqliteEventStore({ path: join(config.SCRIVO_DATA_DIR, 'events.db') });
};

/**
 * The event store configuration chooses (the CLIs open it alone, without the rest of the adapters), with the
 * personal data in its events sealed with each person's key (docs/security.md, crypto-shredding).
 */
export const openEventStore = async (config: AppConfig, keys?: KeyStore): Promise<EventStore> => {
  const { SealingEventStore } = await import('@scrivo/adapters/keys/sealing-event-store');
  const { AesGcmCipher } = await import('@scrivo/adapters/keys/aes-gcm-cipher');
  const raw = await openRawEventStore(config);
  const ownKeys = keys ?? (await openKeyStore(config));
  // A key store opened here is the event store's to close; one given belongs to the caller.
  return new SealingEventStore(raw, new AesGcmCipher(ownKeys), keys ? undefined : () => ownKeys.close());
};

/** The read-model store configuration chooses. */
export const openReadModels = async (config: AppConfig): Promise<ReadModelStore> => {
  if (config.SCRIVO_READ_MODELS === 'mongodb') {
    const { MongoReadModelStore } = await import('@scrivo/adapters/read-models/mongodb-read-model-store');
    return MongoReadModelStore.connect({ url: config.MONGODB_URL!, database: config.MONGODB_DB });
  }
  const { SqliteReadModelStore } = await import('@scrivo/adapters/read-models/sqlite-read-model-store');
  return new SqliteReadModelStore({ path: join(config.SCRIVO_DATA_DIR, 'read-models.db') });
};

/**
 * Chooses each port's adapter from configuration. Production drivers are loaded only when configured, so the
 * embedded default starts without them.
 */
export const createAdapters = async (config: AppConfig): Promise<Adapters> => {
  const dataDir = config.SCRIVO_DATA_DIR;
  prepareDataDir(config);

  const keys = await openKeyStore(config);
  const events = await openEventStore(config, keys);
  const readModels = await openReadModels(config);

  let blobs: BlobStore;
  if (config.SCRIVO_BLOB_STORE === 'minio') {
    const { MinioBlobStore } = await import('@scrivo/adapters/blobs/minio-blob-store');
    blobs = await MinioBlobStore.connect({
      url: config.MINIO_URL!,
      accessKey: config.MINIO_ACCESS_KEY!,
      secretKey: config.MINIO_SECRET_KEY!,
      bucket: config.MINIO_BUCKET,
      region: config.MINIO_REGION,
    });
  } else {
    const { LocalBlobStore } = await import('@scrivo/adapters/blobs/local-blob-store');
    blobs = new LocalBlobStore({ root: join(dataDir, 'blobs') });
  }

  let rateLimits: RateLimitStore;
  if (config.SCRIVO_READ_MODELS === 'mongodb') {
    const { connectMongoRateLimitStore } =
      await import('@scrivo/adapters/rate-limits/mongodb-rate-limit-store');
    rateLimits = await connectMongoRateLimitStore({ url: config.MONGODB_URL!, database: config.MONGODB_DB });
  } else {
    const { sqliteRateLimitStore } = await import('@scrivo/adapters/rate-limits/sqlite-rate-limit-store');
    rateLimits = sqliteRateLimitStore({ path: join(dataDir, 'rate-limits.db') });
  }

  return {
    events,
    readModels,
    blobs,
    rateLimits,
    keys,
    emailStreams: emailStreamNamesFor(config),
    names: {
      events: config.SCRIVO_EVENT_STORE,
      readModels: config.SCRIVO_READ_MODELS,
      blobs: config.SCRIVO_BLOB_STORE,
    },
  };
};
