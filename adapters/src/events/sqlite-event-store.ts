import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '@scrivo/domain';
import { catchUpSubscription } from './catch-up-subscription';

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
}

interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

export interface SqliteEventStoreOptions {
  /** A file path, or ':memory:' for tests. */
  readonly path: string;
  /**
   * FULL (default) fsyncs every commit: an acknowledged event survives a process kill and a power cut.
   * NORMAL in WAL mode survives a process kill (kill -9) but may lose the last commits on power loss.
   */
  readonly synchronous?: 'FULL' | 'NORMAL';
  /** How often other processes' appends are looked for, in ms. Appends in this process wake subscribers at once. */
  readonly pollIntervalMs?: number;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  streamId: row.stream_id,
  type: row.type,
  schemaVersion: row.schema_version,
  data: JSON.parse(row.data) as unknown,
  metadata: JSON.parse(row.metadata) as EventMetadata,
  streamRevision: row.revision,
  globalPosition: row.position,
});

/**
 * The embedded event store: one SQLite file in WAL mode. Several processes on one machine (the API and the
 * speech workers) may share it; appends take SQLite's write lock, so revisions and positions stay gap-free and
 * ordered.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private readonly pollIntervalMs: number;
  private readonly statements;
  /** Appends waiting for the next group commit. */
  private pending: PendingAppend[] = [];
  /** A nested transaction function runs as a savepoint inside the group's transaction. */
  private readonly appendInSavepoint: (
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ) => AppendResult;

  constructor(options: SqliteEventStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.pragma('busy_timeout = 10000');
    // A deleted stream (a name that held an address, see deleteStream) leaves no bytes behind in free pages.
    this.db.pragma('secure_delete = ON');
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      );
      CREATE TABLE IF NOT EXISTS streams (stream_id TEXT PRIMARY KEY, revision INTEGER NOT NULL);
    `);
    this.statements = {
      streamRevision: this.db.prepare<[string], { revision: number }>(
        'SELECT revision FROM streams WHERE stream_id = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (stream_id, revision, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      upsertStream: this.db.prepare(
        'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision',
      ),
      forwards: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
      ),
      backwards: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
      ),
      all: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position ASC LIMIT ?',
      ),
      head: this.db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events'),
      deleteEvents: this.db.prepare<[string]>('DELETE FROM events WHERE stream_id = ?'),
      deleteStream: this.db.prepare<[string]>('DELETE FROM streams WHERE stream_id = ?'),
    };
    this.appendInSavepoint = this.db.transaction(this.appendTransaction);
  }

  private readonly appendTransaction = (
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ) => {
    const current = this.statements.streamRevision.get(streamId)?.revision ?? null;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === null) ||
      (expected === 'stream_exists' && current !== null) ||
      (typeof expected === 'number' && current === expected);
    if (!ok) throw new ConcurrencyError(streamId, expected, current);
    let revision = current ?? -1;
    let lastPosition = -1;
    for (const event of events) {
      revision += 1;
      const info = this.statements.insert.run(
        streamId,
        revision,
        event.type,
        event.schemaVersion,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      );
      lastPosition = Number(info.lastInsertRowid);
    }
    this.statements.upsertStream.run(streamId, revision);
    return { nextExpectedRevision: revision, lastPosition };
  };

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamId, events, expected: options.expectedRevision, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commitPending());
    });
  }

  /**
   * Group commit. With synchronous=FULL every commit waits for an fsync (a few ms on most disks), which would cap
   * the store at a few hundred appends per second. Appends requested in the same turn of the event loop (concurrent
   * requests) are therefore committed in one transaction and share one fsync; each runs in its own savepoint, so
   * a conflict rejects that append alone. Nothing is acknowledged before the shared commit is durable.
   */
  private commitPending(): void {
    const group = this.pending;
    this.pending = [];
    if (group.length === 0) return;
    const outcomes: ({ ok: true; result: AppendResult } | { ok: false; error: unknown })[] = [];
    try {
      this.db
        .transaction(() => {
          for (const { streamId, events, expected } of group) {
            try {
              outcomes.push({ ok: true, result: this.appendInSavepoint(streamId, events, expected) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const append of group) append.reject(error);
      return;
    }
    group.forEach((append, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    });
    for (const wake of this.listeners) wake();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? -1;
    const rows =
      options.direction === 'backwards'
        ? this.statements.backwards.all(streamId, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
        : this.statements.forwards.all(streamId, options.fromRevision ?? 0, limit);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.statements.all.all(options.after ?? -1, options.maxCount ?? -1).map(toRecorded);
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    return catchUpSubscription({
      options,
      readBatch: async (after, max) => this.readAll({ after, maxCount: max }),
      waitForAppends: (signal) =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.listeners.delete(done);
            signal.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, this.pollIntervalMs);
          this.listeners.add(done);
          signal.addEventListener('abort', done);
        }),
    });
  }

  /**
   * Removes the stream's rows (zeroed on disk: secure_delete), then checkpoints the write-ahead log into the
   * database and truncates it, so the old pages do not linger there either.
   */
  async deleteStream(streamId: string): Promise<void> {
    this.commitPending();
    this.db
      .transaction(() => {
        this.statements.deleteEvents.run(streamId);
        this.statements.deleteStream.run(streamId);
      })
      .immediate();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async headPosition(): Promise<number> {
    return this.statements.head.get()?.head ?? -1;
  }

  async close(): Promise<void> {
    this.commitPending();
    this.db.close();
  }
}
