// What a backup of an embedded install holds, and in which order it is taken (docs/operations.md "Backups").
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * SQLite stores, copied with SQLite's online backup (a consistent snapshot while the server writes), in the order
 * that keeps them consistent: the read models first (a restored read model may lag the events and catches up, but
 * must never hold an event the restored store lacks), then the events, then the keys (every value the copied
 * events seal has its key in the copy; a person erased in between stays erased).
 */
export const DATABASES = ['read-models.db', 'events.db'];
export const KEY_STORE = 'keys.db';

/** Generated secrets the data is unreadable without (the keyed email stream names, the chat's visitor tokens). */
export const SECRETS = ['email-key.secret', 'chat-token.secret'];

/** Media and exports, copied after the events: every file a copied event names is already there. */
export const BLOBS = 'blobs';

/**
 * Left out on purpose: `rate-limits.db` (counters that expire), `outbox/` (mail already sent in embedded mode,
 * holding sign-in codes), `uploads/` (unfinished tus uploads: their recordings read as still uploading, and the
 * upload recovery removes them), and the write-ahead log files (the online backup includes what they hold).
 */
export const LEFT_OUT = ['rate-limits.db', 'outbox', 'uploads'];

export const MANIFEST = 'manifest.json';
/** The key store goes to a folder of its own, to be kept apart from the rest (docs/operations.md). */
export const KEYS_FOLDER = 'keys';

export const sha256Of = (path) =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
