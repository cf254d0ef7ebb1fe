import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const base = mkdtempSync(join(tmpdir(), 'scrivo-start-data-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('npm start with a data folder it cannot make', () => {
  it('stops before installing or starting anything, with exit code 1 and one line naming SCRIVO_DATA_DIR and the path', () => {
    const blocker = join(base, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const dataDir = join(blocker, '.data');
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, SCRIVO_DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      `\x1b[31m[scrivo]\x1b[0m SCRIVO_DATA_DIR=${dataDir} cannot be created or written (a file is in the way of a ` +
        'folder on that path). Set SCRIVO_DATA_DIR to a folder this user can write, or fix the permissions of this one.',
    );
  });
});
