import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real small file system (tmpfs) mounted over a directory, to make it full or read-only as a disk would be.
 * Mounting needs root (CAP_SYS_ADMIN): tests that use it are skipped where it is not allowed.
 */
export interface SmallDisk {
  readonly path: string;
  readOnly(): void;
  writable(): void;
  /** Fills every free byte with a ballast file. */
  fill(): void;
  /** Removes the ballast. */
  free(): void;
  unmount(): void;
}

export const canMountTmpfs = (() => {
  let answer: boolean | null = null;
  return (): boolean => {
    if (answer !== null) return answer;
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-mount-check-'));
    answer = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status === 0;
    if (answer) spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
    return answer;
  };
})();

export const mountSmallDisk = (path: string, sizeKb = 2048): SmallDisk => {
  mkdirSync(path, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', path]);
  const ballast = join(path, 'ballast');
  return {
    path,
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', path]),
    writable: () => execFileSync('mount', ['-o', 'remount,rw', path]),
    fill: () => {
      // dd stops with ENOSPC once the file system is full; that is the point.
      spawnSync('dd', ['if=/dev/zero', `of=${ballast}`, 'bs=4k']);
    },
    free: () => rmSync(ballast, { force: true }),
    unmount: () => {
      spawnSync('umount', ['-l', path]);
    },
  };
};
