// The data folder is checked before anything is installed or started: a wrong path or permission is one
// sentence naming SCRIVO_DATA_DIR, at once, not a stack trace from a database driver after a 5-minute install.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REASONS = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  ENOTDIR: 'a file is in the way of a folder on that path',
  EEXIST: 'a file is in the way of a folder on that path',
};

/** The absolute data folder (relative values are taken from `base`), or an operator's message when unusable. */
export const prepareDataDir = (value, base) => {
  const dir = resolve(base, value);
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return { dir };
  } catch (error) {
    const reason = REASONS[error.code] ?? error.message;
    return {
      dir,
      error:
        `SCRIVO_DATA_DIR=${dir} cannot be created or written (${reason}). ` +
        'Set SCRIVO_DATA_DIR to a folder this user can write, or fix the permissions of this one.',
    };
  }
};
