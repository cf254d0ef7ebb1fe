import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordingDecider,
  recordingStream,
  usageDecider,
  usagePeriod,
  usageStream,
} from '@scrivo/domain/recordings';
import { UploadRecovery } from '../../src/recordings/upload-recovery';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { canMountTmpfs, mountSmallDisk } from '../support/small-disk';
import { startTestApp, type TestApp } from '../support/test-app';
import { rawTus } from './support/raw-tus';
import { JFK_PATH, stuckMultipartUpload } from './support/stuck-upload';
import { expectStatus } from '../support/expect-status';

const JFK = readFileSync(JFK_PATH);

const recordingOf = async (client: TestClient, id: string) =>
  (await client.api.recordings.get({ params: { id } })).body as {
    status: string;
    error: { code: string; message: string } | null;
  };

const waitFor = async <T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const minutesUsed = async (client: TestClient) =>
  ((await client.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed;

describe('uploads left unfinished by a crash or a storage failure', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS: '200',
      SCRIVO_UPLOAD_SETTLE_MS: '1000',
      SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS: '4',
    });
  });
  afterAll(async () => app?.close());

  it('refuses a one-request upload whose bytes were never stored, with the reason on the recording', async () => {
    const { client, userId } = await signedInClient(app);
    const created = await stuckMultipartUpload(app, userId, 'created');
    const probed = await stuckMultipartUpload(app, userId, 'probed');
    for (const id of [created, probed]) {
      const failed = await waitFor('failed', async () => {
        const r = await recordingOf(client, id);
        return r.status === 'failed' && r;
      });
      expect(failed.error).toMatchObject({
        code: 'UPLOAD_INTERRUPTED',
        message: expect.stringMatching(/again/),
      });
    }
    expect(await minutesUsed(client)).toBe(0);
  });

  it('queues an upload whose bytes were stored before the process died, charging its minutes once', async () => {
    const { client, userId } = await signedInClient(app);
    const id = await stuckMultipartUpload(app, userId, 'stored');
    await waitFor('queued', async () => (await recordingOf(client, id)).status === 'queued');
    expect(await minutesUsed(client)).toBeCloseTo(0.2, 1);
    // Later passes change nothing.
    await new Promise((r) => setTimeout(r, 1000));
    const reserved = (await app.scrivo.adapters.events.readAll({ after: -1, maxCount: 100_000 })).filter(
      (e) => e.type === 'MinutesReserved' && (e.data as { recordingId: string }).recordingId === id,
    );
    expect(reserved).toHaveLength(1);
  });

  it('changes nothing more when several processes recover the same uploads at once', async () => {
    const { client, userId } = await signedInClient(app);
    const stored = await stuckMultipartUpload(app, userId, 'stored');
    const cut = await stuckMultipartUpload(app, userId, 'probed');
    await new Promise((r) => setTimeout(r, 1100));
    // Three passes at once (as three API processes would), racing the app's own periodic pass.
    const recovery = app.scrivo.app.get(UploadRecovery);
    await Promise.all([recovery.run(), recovery.run(), recovery.run()]);
    await waitFor('queued', async () => (await recordingOf(client, stored)).status === 'queued');
    await waitFor('failed', async () => (await recordingOf(client, cut)).status === 'failed');
    const events = await app.scrivo.adapters.events.readAll({ after: -1, maxCount: 100_000 });
    const of = (type: string, id: string) =>
      events.filter((e) => e.type === type && (e.data as { recordingId: string }).recordingId === id);
    expect(of('TranscriptionRequested', stored)).toHaveLength(1);
    expect(of('MinutesReserved', stored)).toHaveLength(1);
    expect(of('RecordingRejected', cut)).toHaveLength(1);
    expect(await minutesUsed(client)).toBeCloseTo(0.2, 1);
  });

  it('gives back minutes a retry reserved when its process died before requesting the transcription', async () => {
    const { client, userId } = await signedInClient(app);
    const id = await stuckMultipartUpload(app, userId, 'stored');
    const runner = app.scrivo.app.get(StreamRunner);
    const actor = { kind: 'user' as const, id: userId };
    // A failed recording (its transcription failed for good), then Retry: the minutes are reserved and the
    // process dies before TranscriptionRequested is appended.
    await runner.run(
      recordingDecider,
      recordingStream(id),
      { type: 'RejectRecording', code: 'TRANSCRIPTION_FAILED', message: 'failed', now: runner.now() },
      { actor, correlationId: 'test' },
    );
    const period = usagePeriod(new Date()).id;
    await app.scrivo.app.get(StreamRunner).run(
      usageDecider,
      usageStream(userId, period),
      {
        type: 'ReserveMinutes',
        userId,
        period,
        recordingId: id,
        seconds: 11,
        allowanceSeconds: null,
        now: runner.now(),
      },
      { actor, correlationId: 'test' },
    );
    expect(await minutesUsed(client)).toBeCloseTo(0.2, 1);
    await waitFor('minutes given back', async () => (await minutesUsed(client)) === 0);
    expect((await recordingOf(client, id)).status).toBe('failed');
  });

  it('removes a resumable upload nobody continued (expiry) with its bytes and its half-made recording', async () => {
    const { client } = await signedInClient(app);
    const tus = rawTus(app.url, client);
    await client.api.health.health();
    const upload = await tus.create(JFK.length);
    expect(upload.status).toBe(201);
    expect((await tus.patch(upload.url, 0, JFK.subarray(0, 100_000))).status).toBe(204);
    const uploadId = upload.url.split('/').pop()!;
    const files = join(app.dataDir, 'uploads');
    expect(existsSync(join(files, uploadId))).toBe(true);

    // Paused, not abandoned: still there after the settle time.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await recordingOf(client, upload.recordingId)).status).toBe('uploading');

    await waitFor(
      'removed',
      async () => (await client.api.recordings.get({ params: { id: upload.recordingId } })).status === 404,
    );
    expect(readdirSync(files).filter((f) => f.startsWith(uploadId))).toEqual([]);
    expect((await tus.head(upload.url)).status).toBe(404);
    const list = (await client.api.recordings.list()).body as { items: { id: string }[] };
    expect(list.items.map((r) => r.id)).not.toContain(upload.recordingId);
  });

  it.skipIf(!canMountTmpfs())(
    'answers a blob write failure of a one-request upload with a JSON 503 (no server path), keeping nothing',
    async () => {
      const { client } = await signedInClient(app);
      const disk = mountSmallDisk(join(app.dataDir, 'blobs'));
      try {
        disk.fill();
        const form = new FormData();
        form.set('file', new Blob([JFK]), 'jfk.wav');
        const answer = await client.api.recordings.create({ body: form });
        expectStatus(answer, 503);
        expect(answer.body).toMatchObject({ code: 'STORAGE_UNAVAILABLE', requestId: expect.any(String) });
        expect(answer.text).not.toContain(app.dataDir);
        expect(answer.text).not.toMatch(/ENOSPC|EROFS/);
        expect(((await client.api.recordings.list()).body as { items: unknown[] }).items).toEqual([]);
        expect(await minutesUsed(client)).toBe(0);
      } finally {
        disk.unmount();
      }
    },
  );

  it.skipIf(!canMountTmpfs())(
    'answers a blob write failure on the last PATCH with a JSON 503 (no server path), then finishes it once storage works',
    async () => {
      const { client } = await signedInClient(app);
      const tus = rawTus(app.url, client);
      await client.api.health.health();
      const disk = mountSmallDisk(join(app.dataDir, 'blobs'));
      try {
        disk.readOnly();
        const upload = await tus.create(JFK.length);
        const last = await tus.patch(upload.url, 0, JFK);
        expect(last.status).toBe(503);
        expect(last.headers.get('content-type')).toMatch(/application\/json/);
        const body = (await last.json()) as Record<string, unknown>;
        expect(body).toMatchObject({ code: 'STORAGE_UNAVAILABLE', error: expect.any(String) });
        expect(JSON.stringify(body)).not.toContain(app.dataDir);
        expect(JSON.stringify(body)).not.toMatch(/EROFS|EACCES|ENOSPC/);
        // HEAD reports every byte received: the client will not send them again. Not stuck: retried.
        expect((await tus.head(upload.url)).headers.get('upload-offset')).toBe(String(JFK.length));
        expect((await recordingOf(client, upload.recordingId)).status).toBe('uploading');

        disk.writable();
        await waitFor(
          'queued',
          async () => (await recordingOf(client, upload.recordingId)).status === 'queued',
        );
        expect(await minutesUsed(client)).toBeCloseTo(0.2, 1);
        const uploadId = upload.url.split('/').pop()!;
        await waitFor('upload files removed', async () =>
          readdirSync(join(app.dataDir, 'uploads')).every((f) => !f.startsWith(uploadId)),
        );
      } finally {
        disk.unmount();
      }
    },
  );
});
