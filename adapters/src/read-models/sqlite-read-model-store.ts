import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type Collection,
  type Doc,
  DomainError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ReadModelStore,
  type Scalar,
  type WriteOp,
} from '@scrivo/domain';
import {
  assertCollectionName,
  assertFieldPath,
  checkPaging,
  type Clause,
  filterClauses,
} from './read-model-names';

export interface SqliteReadModelStoreOptions {
  /** A file path, or ':memory:' for tests. */
  readonly path: string;
  /**
   * NORMAL (default) does not fsync each commit: read models can be rebuilt from the events, and a process kill
   * in WAL mode loses nothing anyway. FULL for the paranoid.
   */
  readonly synchronous?: 'FULL' | 'NORMAL';
}

type SqlValue = string | number | null;

const table = (collection: string) => `"rm_${assertCollectionName(collection)}"`;

/**
 * The expressions a field compiles to. Paths are validated (letters, digits, _), so they can be written into the
 * SQL as literals: that is what lets SQLite match them against expression indexes. Values are always bound.
 */
const field = (path: string) => {
  if (path === 'id') return { value: 'id', type: `'text'` };
  const jsonPath = `'$.${assertFieldPath(path)}'`;
  return { value: `json_extract(doc, ${jsonPath})`, type: `json_type(doc, ${jsonPath})` };
};

const NUMERIC = `IN ('integer', 'real')`;

/** Translates a filter to a WHERE clause with MongoDB's semantics (types are never coerced; null = missing). */
class WhereBuilder {
  readonly params: SqlValue[] = [];

  build(filter: Filter | undefined): string {
    const parts = filterClauses(filter).map((clause) => this.clause(clause));
    return parts.length === 0 ? '1' : parts.join(' AND ');
  }

  private clause(clause: Clause): string {
    if (clause.kind === 'or') {
      if (clause.filters.length === 0) return '0';
      return `(${clause.filters.map((f) => `(${this.build(f)})`).join(' OR ')})`;
    }
    const { value, type } = field(clause.path);
    switch (clause.operator) {
      case '$eq':
        return this.equals(clause.path, clause.value as Scalar);
      case '$ne':
        // Like MongoDB, documents without the field count as "not equal".
        return clause.value === null
          ? `${value} IS NOT NULL`
          : `NOT IFNULL(${this.equals(clause.path, clause.value as Scalar)}, 0)`;
      case '$in': {
        const values = clause.value as Scalar[];
        if (values.length === 0) return '0';
        return `(${values.map((v) => this.equals(clause.path, v)).join(' OR ')})`;
      }
      case '$contains':
        return `(${type} = 'text' AND scrivo_contains(${value}, ${this.bind(clause.value as string)}))`;
      default: {
        const sqlOperator = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[clause.operator];
        const bound = clause.value as string | number;
        const guard = typeof bound === 'number' ? `${type} ${NUMERIC}` : `${type} = 'text'`;
        return `(${guard} AND ${value} ${sqlOperator} ${this.bind(bound)})`;
      }
    }
  }

  private equals(path: string, scalar: Scalar): string {
    const { value, type } = field(path);
    if (scalar === null) return `${value} IS NULL`;
    // JSON true/false come out of json_extract as 1/0: compare the JSON type so that true never equals 1.
    if (typeof scalar === 'boolean') return `${type} = '${scalar ? 'true' : 'false'}'`;
    const guard = typeof scalar === 'number' ? `${type} ${NUMERIC}` : `${type} = 'text'`;
    return `(${guard} AND ${value} = ${this.bind(scalar)})`;
  }

  private bind(value: SqlValue): string {
    this.params.push(value);
    return '?';
  }
}

/** The WHERE clause and parameters a filter compiles to (exported for query-plan tests). */
export const compileFilter = (filter: Filter | undefined): { where: string; params: SqlValue[] } => {
  const builder = new WhereBuilder();
  return { where: builder.build(filter), params: builder.params };
};

const isUniqueViolation = (error: unknown): error is Error =>
  error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';

const duplicateKey = (collection: string, error: Error) =>
  new DomainError('DUPLICATE_KEY', `A unique index of ${collection} refused the write`, {
    collection,
    cause: error.message,
  });

/**
 * The embedded read-model store: one SQLite file (WAL), one table per collection holding each document as JSON.
 * Filters compile to json_extract SQL, indexes are expression indexes over the same expressions, and a projection's
 * writes commit in one transaction with its checkpoint.
 */
export class SqliteReadModelStore implements ReadModelStore {
  private readonly db: Database.Database;
  private readonly tables = new Set<string>();
  private readonly statements = new Map<string, Database.Statement>();

  constructor(options: SqliteReadModelStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
    this.db.pragma('busy_timeout = 10000');
    // A deleted document's bytes are overwritten, not left in free pages: an erased account leaves no trace.
    this.db.pragma('secure_delete = ON');
    // SQLite's lower() folds ASCII only; JavaScript folds every script the transcripts may be in.
    this.db.function('scrivo_contains', { deterministic: true }, (haystack: unknown, needle: unknown) =>
      typeof haystack === 'string' && typeof needle === 'string'
        ? Number(haystack.toLowerCase().includes(needle.toLowerCase()))
        : 0,
    );
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS _checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL)',
    );
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    assertCollectionName(name);
    return {
      get: async (id) => {
        const row = this.query<{ doc: string }>(name, `SELECT doc FROM ${table(name)} WHERE id = ?`).get(id);
        return row ? (JSON.parse(row.doc) as T) : null;
      },
      find: async (filter, options) => this.find<T>(name, filter, options),
      count: async (filter) => {
        const where = new WhereBuilder();
        const sql = `SELECT COUNT(*) AS n FROM ${table(name)} WHERE ${where.build(filter)}`;
        return this.query<{ n: number }>(name, sql).get(...where.params)!.n;
      },
      upsert: async (doc) => this.write(() => this.upsert(name, doc), name),
      delete: async (id) => {
        this.query(name, `DELETE FROM ${table(name)} WHERE id = ?`).run(id);
      },
      ensureIndex: async (index) => this.write(() => this.ensureIndex(name, index), name),
    };
  }

  async getCheckpoint(projection: string): Promise<number | null> {
    const row = this.db
      .prepare<[string], { position: number }>('SELECT position FROM _checkpoints WHERE projection = ?')
      .get(projection);
    return row?.position ?? null;
  }

  async commit(projection: string, checkpoint: number, ops: readonly WriteOp[]): Promise<void> {
    let current = '';
    try {
      this.db.transaction(() => {
        for (const op of ops) {
          current = op.collection;
          if (op.kind === 'upsert') this.upsert(op.collection, op.doc);
          else this.query(op.collection, `DELETE FROM ${table(op.collection)} WHERE id = ?`).run(op.id);
        }
        this.db
          .prepare(
            `INSERT INTO _checkpoints (projection, position) VALUES (?, ?)
             ON CONFLICT (projection) DO UPDATE SET position = excluded.position`,
          )
          .run(projection, checkpoint);
      })();
    } catch (error) {
      // The rollback also undid any table this commit created: forget what we believed existed.
      this.tables.clear();
      this.statements.clear();
      if (isUniqueViolation(error)) throw duplicateKey(current, error);
      throw error;
    }
  }

  async reset(projection: string, collections: readonly string[]): Promise<void> {
    collections.forEach(assertCollectionName);
    this.db.transaction(() => {
      for (const name of collections) {
        this.db.exec(`DROP TABLE IF EXISTS ${table(name)}`);
        this.tables.delete(name);
      }
      this.db.prepare('DELETE FROM _checkpoints WHERE projection = ?').run(projection);
    })();
    // Cached statements may name the dropped tables.
    this.statements.clear();
  }

  /**
   * secure_delete zeroes a deleted document in the page that held it, but the write-ahead log still holds the
   * page as it was, and the main file keeps it until a checkpoint: copy the zeroed pages over and empty the log.
   */
  async shredDeleted(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private find<T extends Doc>(name: string, filter: Filter | undefined, options: FindOptions = {}): T[] {
    checkPaging(options.limit, options.skip);
    const where = new WhereBuilder();
    // Ties are broken by id so that limit/skip pages are stable.
    const order = [...(options.sort ?? [])];
    if (!order.some((key) => key.field === 'id')) order.push({ field: 'id', direction: 'asc' });
    const orderBy = order.map(
      (key) => `${field(key.field).value} ${key.direction === 'desc' ? 'DESC' : 'ASC'}`,
    );
    const sql = `SELECT doc FROM ${table(name)} WHERE ${where.build(filter)} ORDER BY ${orderBy.join(', ')} LIMIT ? OFFSET ?`;
    const rows = this.query<{ doc: string }>(name, sql).all(
      ...where.params,
      options.limit ?? -1,
      options.skip ?? 0,
    );
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  private upsert(name: string, doc: Doc): void {
    if (typeof doc.id !== 'string' || doc.id === '')
      throw new Error(`A document of ${name} needs a string id`);
    this.query(
      name,
      `INSERT INTO ${table(name)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
    ).run(doc.id, JSON.stringify(doc));
  }

  private ensureIndex(name: string, index: IndexSpec): void {
    if (index.fields.length === 0) throw new Error('An index needs at least one field');
    if (index.fields.length === 1 && index.fields[0] === 'id') return; // the primary key
    const columns = index.fields.map((f) => field(f).value);
    const indexName = `"ix_${name}_${index.fields.join('_').replaceAll('.', '__')}${index.unique ? '_unique' : ''}"`;
    this.ensureTable(name);
    this.db.exec(
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${indexName} ON ${table(name)} (${columns.join(', ')})`,
    );
  }

  private write(action: () => void, name: string): void {
    try {
      action();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateKey(name, error);
      throw error;
    }
  }

  private ensureTable(name: string): void {
    if (this.tables.has(name)) return;
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${table(name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    this.tables.add(name);
  }

  /** A prepared statement on a collection's table (created on first use), cached by its SQL text. */
  private query<Row>(name: string, sql: string): Database.Statement<unknown[], Row> {
    this.ensureTable(name);
    let statement = this.statements.get(sql);
    if (!statement) {
      // Filters produce a statement per shape; keep the cache bounded.
      if (this.statements.size >= 500) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], Row>;
  }
}
