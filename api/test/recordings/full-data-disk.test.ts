import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { bodyOf } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { canMountTmpfs, mountSmallDisk, type SmallDisk } from '../support/small-disk';
import { startTestApp, type TestApp } from '../support/test-app';

const JFK = readFileSync(sharedAudio('jfk/jfk.wav'));

const upload = (client: TestClient) => {
  const form = new FormData();
  form.set('file', new Blob([JFK]), 'jfk.wav');
  return client.api.recordings.create({ body: form });
};

const integrity = (path: string): string => {
  const db = new Database(path, { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
};

/**
 * Issue 45, item 3: the whole data folder (events, read models, blobs, outbox) on a small disk that fills up.
 * Uploads are refused with a clear 503 or 507 (never a 500), nothing written before is damaged, and uploads are
 * taken again once there is space, without a restart.
 */
describe.skipIf(!canMountTmpfs())('the data folder on a disk that fills up', () => {
  const base = mkdtempSync(join(tmpdir(), 'scrivo-full-disk-'));
  const dataDir = join(base, 'data');
  let disk: SmallDisk;
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    disk = mountSmallDisk(dataDir, 50 * 1024);
    const started = await startTestApp({ SCRIVO_DATA_DIR: dataDir, SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    // The verification codes are in the outbox of the data folder on the small disk.
    app = { ...started, dataDir };
    ({ client } = await signedInClient(app, { plan: 'premium' }));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    disk?.unmount();
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses uploads with a 503 or 507 while full, keeps what it had, and takes uploads again once space returns', async () => {
    const before = bodyOf(await upload(client), 201);

    disk.fill();
    const refused = [];
    try {
      for (let i = 0; i < 3; i += 1) refused.push(await upload(client));
    } finally {
      disk.free();
    }
    for (const answer of refused) {
      expect([503, 507], answer.text).toContain(answer.status);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.text).not.toContain(dataDir);
      expect(answer.text).not.toMatch(/ENOSPC|SQLITE_FULL/);
    }

    // Space is back: the next upload is taken (the stores reopen by themselves; no restart).
    let after = await upload(client);
    for (let tries = 0; after.status !== 201 && tries < 20; tries += 1) {
      await new Promise((r) => setTimeout(r, 500));
      after = await upload(client);
    }
    const taken = bodyOf(after, 201);
    const list = await client.api.recordings.list({ query: {} });
    expect(list.status).toBe(200);
    const ids = list.status === 200 ? list.body.items.map((r) => r.id) : [];
    expect(ids).toEqual(expect.arrayContaining([before.id, taken.id]));

    await app.close();
    expect(integrity(join(dataDir, 'events.db'))).toBe('ok');
    expect(integrity(join(dataDir, 'read-models.db'))).toBe('ok');
  }, 120_000);
});
