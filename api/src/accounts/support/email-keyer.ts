import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmailStreamNames } from '@scrivo/domain/accounts';
import type { AppConfig } from '../../config/config';

/** Where the embedded default keeps the generated secret when SCRIVO_EMAIL_KEY_SECRET is not set. */
export const EMAIL_KEY_SECRET_FILE = 'email-key.secret';

/**
 * The secret email-keyed stream names are hashed with: SCRIVO_EMAIL_KEY_SECRET, or one generated at the first
 * start and kept in the data folder (as the chat token secret is). Every process sharing the event store must
 * use the same one: another secret names other streams, and every address would look new.
 */
type KeySettings = Pick<AppConfig, 'SCRIVO_EMAIL_KEY_SECRET' | 'SCRIVO_DATA_DIR'>;

const emailKeySecret = (config: KeySettings): Buffer => {
  if (config.SCRIVO_EMAIL_KEY_SECRET) return Buffer.from(config.SCRIVO_EMAIL_KEY_SECRET);
  const file = join(config.SCRIVO_DATA_DIR, EMAIL_KEY_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.SCRIVO_DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (a worker starting beside the API) wrote it first: use theirs.
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
};

/** The names of this server's email-keyed streams: HMAC-SHA256 of the normalised address, hex. */
export const emailStreamNamesFor = (config: KeySettings): EmailStreamNames => {
  const secret = emailKeySecret(config);
  return new EmailStreamNames((email) =>
    createHmac('sha256', secret).update(`scrivo-email-stream:${email}`).digest('hex'),
  );
};
