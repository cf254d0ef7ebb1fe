import Database from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { FlexibleRateLimitStore } from './flexible-rate-limit-store';

/**
 * The embedded rate-limit counters: a SQLite file in the data directory, so every process on the machine (API,
 * CLI, a second API on another port) counts together and a restart does not reset an attacker's budget.
 */
export const sqliteRateLimitStore = (options: { path: string }): FlexibleRateLimitStore => {
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // Expired windows are dead weight; the library's own sweep cannot be stopped on close, so this one is ours.
  const sweep = setInterval(() => {
    try {
      db.prepare('DELETE FROM rate_limits WHERE expire < ?').run(Date.now() - 3_600_000);
    } catch {
      // No table yet (no limit hit so far).
    }
  }, 300_000).unref();
  return new FlexibleRateLimitStore(
    ({ keyPrefix, points, duration }) =>
      // Usable once its table exists, which the library reports through the callback.
      new Promise<RateLimiterSQLite>((resolve, reject) => {
        const limiter: RateLimiterSQLite = new RateLimiterSQLite(
          {
            storeClient: db,
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
      db.close();
    },
  );
};
