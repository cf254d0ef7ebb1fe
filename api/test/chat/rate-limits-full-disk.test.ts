import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMountTmpfs, mountSmallDisk, type SmallDisk } from '../support/small-disk';
import { startTestApp, type TestApp } from '../support/test-app';
import { startVisitor } from './visitor';
import { expectStatus } from '../support/expect-status';

describe.skipIf(!canMountTmpfs())('chat starts while the data disk is full', () => {
  let app: TestApp;
  let disk: SmallDisk;
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-full-disk-'));

  beforeAll(async () => {
    disk = mountSmallDisk(dataDir, 16 * 1024);
    app = await startTestApp({ SCRIVO_DATA_DIR: dataDir, SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => {
    await app?.close();
    disk?.unmount();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After (never 500) while full, and starts chats again once space is freed', async () => {
    // Full before the first chat start: the rate-limit store has not created its table yet.
    disk.fill();
    try {
      const { started } = await startVisitor(app.url);
      expectStatus(started, 503);
      expect(started.body).toMatchObject({ code: 'RATE_LIMITS_UNAVAILABLE' });
      expect(Number(started.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      disk.free();
    }
    const { started } = await startVisitor(app.url);
    expectStatus(started, 201);
  });
});
