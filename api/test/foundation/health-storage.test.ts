import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { canMountTmpfs, mountSmallDisk, type SmallDisk } from '../support/small-disk';
import { startTestApp, type TestApp } from '../support/test-app';

interface Health {
  status: string;
  adapters: { port: string; ok: boolean; detail?: string }[];
}

describe.skipIf(!canMountTmpfs())('/api/health with a blob folder that cannot take writes', () => {
  let app: TestApp;
  let disk: SmallDisk;
  const health = async () => {
    const answer = await new TestClient(app.url).api.health.health();
    const body = answer.body as unknown as Health;
    return { status: answer.status, body, blobs: body.adapters.find((a) => a.port === 'blobs')! };
  };

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    disk = mountSmallDisk(join(app.dataDir, 'blobs'));
  });
  afterAll(async () => {
    disk?.unmount();
    await app?.close();
  });

  it('is ok while the blob folder takes writes', async () => {
    expect((await health()).status).toBe(200);
  });

  it('reports degraded (503) while the blob folder is read-only, without a server path', async () => {
    disk.readOnly();
    try {
      const { status, body, blobs } = await health();
      expect(status).toBe(503);
      expect(body.status).toBe('degraded');
      expect(blobs).toMatchObject({ ok: false, detail: expect.stringContaining('EROFS') });
      expect(blobs.detail).not.toContain(app.dataDir);
    } finally {
      disk.writable();
    }
    expect((await health()).status).toBe(200);
  });

  it('reports degraded (503) while the disk is full, and ok again once space is freed', async () => {
    disk.fill();
    try {
      const { status, blobs } = await health();
      expect(status).toBe(503);
      expect(blobs).toMatchObject({ ok: false, detail: expect.stringContaining('ENOSPC') });
    } finally {
      disk.free();
    }
    expect((await health()).status).toBe(200);
  });
});
