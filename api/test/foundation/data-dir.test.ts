import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@scrivo/adapters/testing/free-port';
import { ensureServerBuild, startApiProcess } from '../support/api-process';

const ROOT = resolve(import.meta.dirname, '../../..');
const base = mkdtempSync(join(tmpdir(), 'scrivo-data-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs a built entry point to its end, as `npm start` would, and returns what an operator sees. */
const runToExit = async (entry: string, dataDir: string) => {
  const result = spawnSync(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      SCRIVO_DATA_DIR: dataDir,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
};

describe('the data folder at start-up', () => {
  beforeAll(() => ensureServerBuild());

  it('is made when it does not exist yet, and every store opens in it', async () => {
    const dataDir = join(base, 'fresh', 'clone', '.data');
    const api = await startApiProcess({ SCRIVO_DATA_DIR: dataDir });
    try {
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
      expect(existsSync(join(dataDir, 'keys.db'))).toBe(true);
      expect(existsSync(join(dataDir, 'events.db'))).toBe(true);
    } finally {
      await api.stop();
    }
  });

  // A file where the folder should be fails for every user, root included (a permission test would not).
  for (const [name, entry] of [
    ['the API', 'api/dist/main.js'],
    ['the job worker', 'api/dist/worker-main.js'],
  ] as const) {
    it(`stops ${name} with exit code 1 and one sentence naming SCRIVO_DATA_DIR and the path when it cannot be made`, async () => {
      const blocker = join(base, `blocker-${name.replace(/\W/g, '')}`);
      writeFileSync(blocker, 'not a folder');
      const dataDir = join(blocker, '.data');
      const { status, stderr } = await runToExit(entry, dataDir);
      expect(status).toBe(1);
      expect(stderr.trim()).toBe(
        `SCRIVO_DATA_DIR=${dataDir} cannot be created or written (a file is in the way of a folder on that path). ` +
          'Set SCRIVO_DATA_DIR to a folder this user can write, or fix the permissions of this one.',
      );
      expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
    });
  }
});
