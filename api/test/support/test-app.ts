import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
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
export const startTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-test-'));
  const scrivo = await createApp({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SCRIVO_DATA_DIR: dataDir,
    ...env,
  });
  await scrivo.app.listen(0, '127.0.0.1');
  const { port } = scrivo.app.getHttpServer().address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    scrivo,
    async close() {
      await scrivo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
