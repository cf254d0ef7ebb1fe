import { freePort } from '@scrivo/adapters/testing/free-port';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type ScrivoApp } from '../../src/create-app';

export interface TestApp {
  readonly url: string;
  readonly dataDir: string;
  readonly scrivo: ScrivoApp;
  close(): Promise<void>;
}

/**
 * Starts the real API (embedded adapters, a fresh data directory, a random port on 127.0.0.1) exactly as
 * `npm start` does, minus the process around it.
 */
export const startTestApp = async (env: Record<string, string | undefined> = {}): Promise<TestApp> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-test-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const scrivo = await createApp({
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SCRIVO_PUBLIC_URL: url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SCRIVO_DATA_DIR: dataDir,
    ...env,
  });
  await scrivo.app.listen(port, '127.0.0.1');
  return {
    url,
    dataDir,
    scrivo,
    async close() {
      await scrivo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
