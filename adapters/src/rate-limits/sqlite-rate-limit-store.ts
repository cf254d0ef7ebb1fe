import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { FlexibleRateLimitStore } from './flexible-rate-limit-store';

/**
 * The embedded rate-limit counters: a SQLite file in the data directory, so every process on the machine (API,
 * CLI, a second API on another port) counts together and a restart does not reset an attacker's budget.
 * The file is opened on first use, and opened again after a failed open (a full disk at start-up), so freeing
 * space is enough for the limits to work again.
 */
export const sqliteRateLimitStore = (options: { path: string }): FlexibleRateLimitStore => {
  let db: Database.Database | null = null;
  const connection = (): Database.Database => {
    if (db) return db;
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    const opened = new Database(options.path);
    try {
      opened.pragma('journal_mode = WAL');
      opened.pragma('busy_timeout = 5000');
    } catch (error) {
      opened.close();
      throw error;
    }
    return (db = opened);
  };
  // Expired windows are dead weight; the library's own sweep cannot be stopped on close, so this one is ours.
  const sweep = setInterval(() => {
    try {
      db?.prepare('DELETE FROM rate_limits WHERE expire < ?').run(Date.now() - 3_600_000);
    } catch {
      // No table yet (no limit hit so far), or the disk is full: the next sweep tries again.
    }
  }, 300_000).unref();
  return new FlexibleRateLimitStore(
    ({ keyPrefix, points, duration }) =>
      // Usable once its table exists, which the library reports through the callback.
      new Promise<RateLimiterSQLite>((resolve, reject) => {
        const limiter: RateLimiterSQLite = new RateLimiterSQLite(
          {
            storeClient: connection(),
            storeType: 'better-sqlite3',
            tableName: 'rate_limits',
            keyPrefix,
            points,
            duration,
          },
          (error?: Error) => (error ? reject(error) : resolve(limiter)),
        );
      }),
    async () => {
      clearInterval(sweep);
      db?.close();
    },
  );
};
