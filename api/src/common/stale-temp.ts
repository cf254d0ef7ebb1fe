import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Spool folders this codebase makes under the OS temp folder: `scrivo-<kind>-<pid>-<random>`. */
const SPOOL = /^scrivo-(?:upload|job)-(\d+)-/;
/** Older spool folders (named before the pid was in the name) and anything else past this age are stale. */
const MAX_AGE_MS = 24 * 3600 * 1000;

export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes spool folders a killed process left behind (a multipart upload received to /tmp, a job's audio). A
 * folder belongs to the process whose id is in its name: once that process is gone nobody will use it. Folders
 * of other machines' processes never share this /tmp, so the check is sound; a folder without a pid only goes
 * once it is a day old.
 */
export const removeStaleSpool = async (dir = tmpdir()): Promise<number> => {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!/^scrivo-(?:upload|job)-/.test(name)) continue;
    const pid = SPOOL.exec(name)?.[1];
    const path = join(dir, name);
    const stale = pid
      ? Number(pid) !== process.pid && !processAlive(Number(pid))
      : Date.now() - ((await stat(path).catch(() => null))?.mtimeMs ?? Date.now()) > MAX_AGE_MS;
    if (!stale) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
    removed += 1;
  }
  return removed;
};
