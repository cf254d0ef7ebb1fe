import Database from 'better-sqlite3';
import { KeyErasedError, type KeyStore } from '@scrivo/domain';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The embedded key store: a SQLite file of its own in the data folder (never the event or read-model file, so a
 * copy of those holds no key). `secure_delete` overwrites a deleted key's bytes with zeros, and the write-ahead
 * log is truncated after an erasure, so no copy of the key stays anywhere in the files.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;

  constructor(options: { path: string }) {
    // A fresh install has no data folder yet: SQLite makes the file, never the folders above it.
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('secure_delete = ON');
    this.db.exec(`CREATE TABLE IF NOT EXISTS personal_keys (
      subject_id TEXT PRIMARY KEY,
      key BLOB,
      created_at TEXT NOT NULL,
      erased_at TEXT
    )`);
  }

  async keyFor(subjectId: string): Promise<Uint8Array> {
    // The first writer wins; a replica racing it reads the winner's key.
    this.db
      .prepare('INSERT OR IGNORE INTO personal_keys (subject_id, key, created_at) VALUES (?, ?, ?)')
      .run(subjectId, randomBytes(32), new Date().toISOString());
    const row = this.row(subjectId);
    if (!row?.key) throw new KeyErasedError(subjectId);
    return new Uint8Array(row.key);
  }

  async find(subjectId: string): Promise<Uint8Array | null> {
    const row = this.row(subjectId);
    return row?.key ? new Uint8Array(row.key) : null;
  }

  async erase(subjectId: string): Promise<void> {
    const at = new Date().toISOString();
    // A tombstone even for a person who never had a key: nothing may be written for them afterwards.
    this.db
      .prepare(
        `INSERT INTO personal_keys (subject_id, key, created_at, erased_at) VALUES (?, NULL, ?, ?)
         ON CONFLICT(subject_id) DO UPDATE SET key = NULL, erased_at = COALESCE(erased_at, excluded.erased_at)`,
      )
      .run(subjectId, at, at);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async erasedAt(subjectId: string): Promise<string | null> {
    return this.row(subjectId)?.erased_at ?? null;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private row(subjectId: string) {
    return this.db.prepare('SELECT key, erased_at FROM personal_keys WHERE subject_id = ?').get(subjectId) as
      { key: Buffer | null; erased_at: string | null } | undefined;
  }
}
