import {
  type AnyBulkWriteOperation,
  type ClientSession,
  type Db,
  type Document,
  type Filter as MongoFilter,
  type MongoClient,
  type MongoClientOptions,
  MongoServerError,
  type Sort,
} from 'mongodb';
import {
  type Collection,
  type Doc,
  DomainError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ReadModelStore,
  ReadModelsUnavailableError,
  type WriteOp,
} from '@scrivo/domain';
import {
  assertCollectionName,
  assertFieldPath,
  checkPaging,
  type Clause,
  filterClauses,
} from './read-model-names';
import { connectMongoClient } from './mongodb-client';
import { isUnreachable, unreachableAsUnavailable } from './mongodb-unreachable';

/** How a read-model document is stored: the port's `id` doubles as `_id`, so lookups use the primary index. */
interface Stored extends Document {
  _id: string;
}

const CHECKPOINTS = '_checkpoints';
const NEVER: Document = { _id: { $in: [] } };

const mongoPath = (path: string) => (path === 'id' ? '_id' : assertFieldPath(path));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Translates the port's filter to a MongoDB query. The port's semantics are MongoDB's own (no type coercion, null
 * matches missing, $ne matches missing), so this is mostly a renaming; $contains becomes an escaped,
 * case-insensitive regular expression.
 */
export const toMongoFilter = (filter: Filter | undefined): Document => {
  const clauses = filterClauses(filter).map((clause: Clause): Document => {
    if (clause.kind === 'or') {
      return clause.filters.length === 0 ? NEVER : { $or: clause.filters.map(toMongoFilter) };
    }
    const path = mongoPath(clause.path);
    if (clause.operator === '$contains') {
      return { [path]: { $regex: escapeRegExp(clause.value as string), $options: 'i' } };
    }
    return { [path]: { [clause.operator]: clause.value } };
  });
  if (clauses.length === 0) return {};
  return clauses.length === 1 ? clauses[0]! : { $and: clauses };
};

const toMongoSort = (sort: FindOptions['sort'] = []): Sort => {
  const keys = new Map<string, 1 | -1>();
  for (const key of sort) {
    const path = mongoPath(key.field);
    if (!keys.has(path)) keys.set(path, key.direction === 'desc' ? -1 : 1);
  }
  // Ties are broken by id so that limit/skip pages are stable (and agree with the embedded store).
  if (!keys.has('_id')) keys.set('_id', 1);
  return Object.fromEntries(keys);
};

const toDoc = <T extends Doc>(stored: Stored): T => {
  const { _id: _ignored, ...doc } = stored;
  return doc as unknown as T;
};

const toStored = (collection: string, doc: Doc): Stored => {
  if (typeof doc.id !== 'string' || doc.id === '')
    throw new Error(`A document of ${collection} needs a string id`);
  return { ...doc, _id: doc.id };
};

const isDuplicateKey = (error: unknown): error is MongoServerError =>
  error instanceof MongoServerError && error.code === 11000;

const isNamespaceNotFound = (error: unknown) =>
  error instanceof MongoServerError && (error.code === 26 || /ns not found/i.test(error.message));

const translate = (collection: string, error: unknown): unknown =>
  isUnreachable(error)
    ? new ReadModelsUnavailableError(error)
    : isDuplicateKey(error)
      ? new DomainError('DUPLICATE_KEY', `A unique index of ${collection} refused the write`, {
          collection,
          cause: error.message,
        })
      : error;

export interface MongoReadModelStoreConnectOptions {
  readonly url: string;
  readonly database: string;
  readonly clientOptions?: MongoClientOptions;
}

/**
 * The production read-model store on MongoDB: a collection per read model, checkpoints in `_checkpoints`. A
 * projection's writes and checkpoint commit in one transaction on a replica set or sharded cluster; on a standalone
 * server they are applied as ordered bulk writes and the checkpoint is written last, so a crash in between only
 * makes the (idempotent) projection replay those events.
 */
export class MongoReadModelStore implements ReadModelStore {
  private transactions: Promise<boolean> | null = null;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(options: MongoReadModelStoreConnectOptions): Promise<MongoReadModelStore> {
    const client = await connectMongoClient(options.url, options.clientOptions);
    return new MongoReadModelStore(client, client.db(options.database));
  }

  /** Whether the server can run multi-document transactions (replica set member or mongos). */
  supportsTransactions(): Promise<boolean> {
    this.transactions ??= this.db
      .command({ hello: 1 })
      .then((hello) => typeof hello.setName === 'string' || hello.msg === 'isdbgrid');
    return this.transactions;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    const collection = this.db.collection<Stored>(assertCollectionName(name));
    return {
      get: async (id) => {
        const stored = await collection.findOne({ _id: id }).catch(unreachableAsUnavailable);
        return stored ? toDoc<T>(stored) : null;
      },
      find: async (filter, options = {}) => {
        checkPaging(options.limit, options.skip);
        if (options.limit === 0) return []; // MongoDB reads limit 0 as "no limit"
        let cursor = collection
          .find(toMongoFilter(filter) as MongoFilter<Stored>)
          .sort(toMongoSort(options.sort))
          .skip(options.skip ?? 0);
        if (options.limit !== undefined) cursor = cursor.limit(options.limit);
        return (await cursor.toArray().catch(unreachableAsUnavailable)).map((stored) => toDoc<T>(stored));
      },
      count: async (filter) =>
        collection
          .countDocuments(toMongoFilter(filter) as MongoFilter<Stored>)
          .catch(unreachableAsUnavailable),
      upsert: async (doc) => {
        try {
          await collection.replaceOne({ _id: doc.id }, toStored(name, doc), { upsert: true });
        } catch (error) {
          throw translate(name, error);
        }
      },
      delete: async (id) => {
        await collection.deleteOne({ _id: id }).catch(unreachableAsUnavailable);
      },
      ensureIndex: async (index) => {
        try {
          await this.ensureIndex(name, index);
        } catch (error) {
          throw translate(name, error);
        }
      },
    };
  }

  async getCheckpoint(projection: string): Promise<number | null> {
    const row = await this.db
      .collection<{ _id: string; position: number }>(CHECKPOINTS)
      .findOne({ _id: projection })
      .catch(unreachableAsUnavailable);
    return row?.position ?? null;
  }

  async commit(projection: string, checkpoint: number, ops: readonly WriteOp[]): Promise<void> {
    ops.forEach((op) => assertCollectionName(op.collection));
    const apply = async (session?: ClientSession) => {
      // Consecutive ops on one collection go in one ordered bulk write; the order of all ops is kept.
      for (const group of groupByCollection(ops)) {
        try {
          await this.db
            .collection<Stored>(group.collection)
            .bulkWrite(group.writes, { ordered: true, session });
        } catch (error) {
          throw translate(group.collection, error);
        }
      }
      await this.db
        .collection<{ _id: string; position: number }>(CHECKPOINTS)
        .updateOne({ _id: projection }, { $set: { position: checkpoint } }, { upsert: true, session });
    };
    if (!(await this.supportsTransactions())) return apply();
    const session = this.client.startSession();
    try {
      await session.withTransaction(() => apply(session));
    } finally {
      await session.endSession();
    }
  }

  async reset(projection: string, collections: readonly string[]): Promise<void> {
    for (const name of collections) {
      try {
        await this.db.collection(assertCollectionName(name)).drop();
      } catch (error) {
        if (!isNamespaceNotFound(error)) throw error;
      }
    }
    await this.db.collection<{ _id: string }>(CHECKPOINTS).deleteOne({ _id: projection });
  }

  /** The database server owns its files (and their compaction); nothing on this side keeps a copy. */
  async shredDeleted(): Promise<void> {}

  async close(): Promise<void> {
    await this.client.close();
  }

  private async ensureIndex(name: string, index: IndexSpec): Promise<void> {
    if (index.fields.length === 0) throw new Error('An index needs at least one field');
    const paths = index.fields.map(mongoPath);
    if (paths.length === 1 && paths[0] === '_id') return; // the primary key
    const keys = Object.fromEntries(paths.map((path) => [path, 1]));
    const indexName = `${index.fields.join('_')}${index.unique ? '_unique' : ''}`;
    if (!index.unique) {
      await this.db.collection(name).createIndex(keys, { name: indexName });
      return;
    }
    try {
      // Documents without the field do not collide (as NULLs do not in the embedded store's unique indexes).
      await this.db.collection(name).createIndex(keys, {
        name: indexName,
        unique: true,
        partialFilterExpression: Object.fromEntries(paths.map((path) => [path, { $exists: true }])),
      });
    } catch (error) {
      // MongoDB-protocol servers without partial indexes (FerretDB) have sparse ones, which also leave documents
      // without the field out (for a compound index: those without any of its fields).
      if (!(error instanceof MongoServerError && /partialFilterExpression/.test(error.message))) throw error;
      await this.db.collection(name).createIndex(keys, { name: indexName, unique: true, sparse: true });
    }
  }
}

const groupByCollection = (ops: readonly WriteOp[]) => {
  const groups: { collection: string; writes: AnyBulkWriteOperation<Stored>[] }[] = [];
  for (const op of ops) {
    const write: AnyBulkWriteOperation<Stored> =
      op.kind === 'upsert'
        ? {
            replaceOne: {
              filter: { _id: op.doc.id },
              replacement: toStored(op.collection, op.doc),
              upsert: true,
            },
          }
        : { deleteOne: { filter: { _id: op.id } } };
    const last = groups.at(-1);
    if (last?.collection === op.collection) last.writes.push(write);
    else groups.push({ collection: op.collection, writes: [write] });
  }
  return groups;
};
