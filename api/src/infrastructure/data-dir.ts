import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/config';

/** The data folder cannot be made or written: the operator fixes a path or a permission, not the code. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

type DataDirSettings = Pick<
  AppConfig,
  'SCRIVO_DATA_DIR' | 'SCRIVO_EVENT_STORE' | 'SCRIVO_READ_MODELS' | 'SCRIVO_BLOB_STORE' | 'SCRIVO_MAILER'
>;

const usesDataDir = (config: DataDirSettings): boolean =>
  config.SCRIVO_EVENT_STORE === 'sqlite' ||
  config.SCRIVO_READ_MODELS === 'sqlite' ||
  config.SCRIVO_BLOB_STORE === 'local' ||
  config.SCRIVO_MAILER === 'outbox';

const reasonOf = (error: unknown): string => {
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOSPC') return 'no space left on device';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a file is in the way of a folder on that path';
  return error instanceof Error ? error.message : String(error);
};

/**
 * Makes the data folder and proves it takes writes before any store opens a file in it, so a wrong path or
 * permission stops the process with one sentence an operator can act on instead of a driver's stack trace.
 * Each embedded adapter still makes its own subfolder: this check is about the message, not the folders.
 */
export const prepareDataDir = (config: DataDirSettings): void => {
  if (!usesDataDir(config)) return;
  const dir = config.SCRIVO_DATA_DIR;
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new DataDirError(
      `SCRIVO_DATA_DIR=${dir} cannot be created or written (${reasonOf(error)}). ` +
        'Set SCRIVO_DATA_DIR to a folder this user can write, or fix the permissions of this one.',
    );
  }
};
