import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import {
  MINIO_KEYS,
  notBuiltReason,
  type RunningServer,
  serverBinary,
  startMinio,
} from '@scrivo/adapters/testing/real-servers';
import { rawTus } from '../recordings/support/raw-tus';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import type { TestClient } from '../support/http-client';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const MINIO = serverBinary('minio');
const AUDIO = sharedAudio();
const SPEECH = [
  'jfk/jfk.wav',
  ...['1089-134686-0001', '1221-135766-0001', '1221-135766-0002'].map((n) => `librispeech-sherpa/${n}.wav`),
];
const MiB = 1024 * 1024;
/** The web app's chunk size, and the S3 store's part size: each full PATCH is one part. */
const CHUNK = 8 * MiB;
const BUCKET = 'scrivo-tus-replicas';
/** The embedded stores every process shares (SQLite follows the links); nothing else is shared but MinIO. */
// What production replicas share through their servers: the events, the read models (MongoDB, which also holds
// the keys that seal personal data) and the rate limits; the email-key secret comes from the environment.
const SHARED_FILES = ['events.db', 'read-models.db', 'rate-limits.db', 'keys.db'];
const EMAIL_KEY_SECRET = randomBytes(24).toString('base64url');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async <T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
};

/**
 * About two minutes of real speech (the shared samples, three times over) as 48 kHz stereo WAV: some 21 MiB, so
 * the upload spans three S3 parts (two full 8 MiB parts and a shorter last one).
 */
const speechOver5MiB = (dir: string): Buffer => {
  const inputs = [...SPEECH, ...SPEECH, ...SPEECH].map((name) => join(AUDIO, name));
  const graph = inputs.map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=stereo[a${i}]`);
  const out = join(dir, 'speech.wav');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...inputs.flatMap((path) => ['-i', path]),
    '-filter_complex',
    `${graph.join(';')};${inputs.map((_, i) => `[a${i}]`).join('')}concat=n=${inputs.length}:v=0:a=1[out]`,
    ...['-map', '[out]', '-c:a', 'pcm_s16le', out],
  ]);
  return readFileSync(out);
};

interface Replica extends ApiProcess {
  readonly name: string;
  readonly tmp: string;
}

/**
 * tus uploads with the blob store on the real MinIO server: the bytes and offsets live on the bucket
 * (@tus/s3-store under `tus/`), so API replicas with nothing but MinIO and the event store in common resume
 * each other's uploads, and a replica killed mid-upload loses nothing the client cannot send again.
 */
const TITLE = 'resumable uploads on MinIO across API replicas (real MinIO, real processes)';
describe.skipIf(!MINIO)(MINIO ? TITLE : `${TITLE}: ${notBuiltReason('minio')}`, () => {
  let root: string;
  let minio: RunningServer;
  let s3: Client;
  let file: Buffer;
  let a: Replica;
  let b: Replica;
  const started: Replica[] = [];

  const start = async (name: string, env: Record<string, string>): Promise<Replica> => {
    const dataDir = join(root, name);
    const tmp = join(dataDir, 'os-tmp');
    mkdirSync(tmp, { recursive: true });
    for (const shared of SHARED_FILES) symlinkSync(join(root, 'shared', shared), join(dataDir, shared));
    const replica = {
      name,
      tmp,
      ...(await startApiProcess({
        SCRIVO_DATA_DIR: dataDir,
        TMPDIR: tmp,
        SCRIVO_BLOB_STORE: 'minio',
        MINIO_URL: minio.url,
        MINIO_ACCESS_KEY: MINIO_KEYS.accessKey,
        MINIO_SECRET_KEY: MINIO_KEYS.secretKey,
        MINIO_BUCKET: BUCKET,
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
        SCRIVO_RUN_PROJECTIONS: 'false',
        SCRIVO_EMAIL_KEY_SECRET: EMAIL_KEY_SECRET,
        LOG_LEVEL: 'warn',
        ...env,
      })),
    };
    started.push(replica);
    return replica;
  };

  beforeAll(async () => {
    ensureServerBuild();
    root = mkdtempSync(join(tmpdir(), 'scrivo-tus-s3-'));
    mkdirSync(join(root, 'shared'));
    file = speechOver5MiB(root);
    minio = await startMinio(MINIO!);
    const url = new URL(minio.url);
    s3 = new Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      accessKey: MINIO_KEYS.accessKey,
      secretKey: MINIO_KEYS.secretKey,
      pathStyle: true,
    });
    // B also runs the projections and finds stuck uploads quickly; A keeps the defaults.
    b = await start('replica-b', {
      SCRIVO_RUN_PROJECTIONS: 'true',
      SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS: '300',
      SCRIVO_UPLOAD_SETTLE_MS: '1000',
      SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS: '15',
    });
    a = await start('replica-a', {});
  }, 240_000);

  afterAll(async () => {
    for (const replica of started) await replica.stop('SIGKILL');
    await minio?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const signUp = async (via: Replica) =>
    signUpOver(via.url, via.dataDir, `tus-${randomBytes(4).toString('hex')}@example.com`);
  /** The same upload URL on another replica (what a load balancer does to the client's next request). */
  const on = (replica: Replica, uploadUrl: string) => `${replica.url}${new URL(uploadUrl).pathname}`;
  const uploadIdOf = (uploadUrl: string) => new URL(uploadUrl).pathname.split('/').pop()!;

  const tusObjects = async (uploadId: string) => {
    const names: string[] = [];
    for await (const item of s3.listObjectsV2(BUCKET, `tus/${uploadId}`, true)) names.push(String(item.name));
    return names.sort();
  };
  /** MinIO lists multipart uploads by exact key only (a prefix answers nothing). */
  const multipartUploads = async (key: string) => {
    const uploads: unknown[] = [];
    for await (const upload of s3.listIncompleteUploads(BUCKET, key, true)) uploads.push(upload);
    return uploads;
  };
  const reservations = async (recordingId: string) => {
    const events = new SqliteEventStore({ path: join(root, 'shared', 'events.db') });
    try {
      const all = await events.readAll({ after: -1, maxCount: 1_000_000 });
      return all.filter(
        (e) =>
          e.type === 'MinutesReserved' && (e.data as { recordingId?: string }).recordingId === recordingId,
      ).length;
    } finally {
      await events.close();
    }
  };

  /** Queued once, the stored media is the file byte for byte, and its minutes are charged once. */
  const expectStoredOnce = async (client: TestClient, via: Replica, recordingId: string) => {
    const user = client.at(via.url);
    const recording = await waitFor('queued', async () => {
      const read = await user.api.recordings.get({ params: { id: recordingId } });
      const status = read.status === 200 ? read.body.status : undefined;
      if (status === 'failed') throw new Error(read.text);
      return status === 'queued' && (read.body as { durationSeconds: number });
    });
    const list = (await user.api.recordings.list()).body as { items: { id: string }[] };
    expect(list.items.map((r) => r.id)).toEqual([recordingId]);
    const media = await fetch(`${via.url}/api/recordings/${recordingId}/media`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(media.status).toBe(200);
    expect(sha256(new Uint8Array(await media.arrayBuffer()))).toBe(sha256(file));
    const usage = (await user.api.recordings.usage()).body as { minutesUsed: number };
    expect(usage.minutesUsed).toBe(Math.round((recording.durationSeconds / 60) * 10) / 10);
    expect(await reservations(recordingId)).toBe(1);
  };

  it('starts an upload on one replica and finishes it on the other; nothing is kept on either disk', async () => {
    const client = await signUp(b);
    const viaA = rawTus(a.url, client);
    const viaB = rawTus(b.url, client);
    const upload = await viaA.create(file.length, 'two-minutes.wav');
    expect(upload.status).toBe(201);
    const uploadId = uploadIdOf(upload.url);
    // A full part, then 3 MiB that S3 cannot take as a part yet (the store keeps it as `<id>.part`).
    expect((await viaA.patch(upload.url, 0, file.subarray(0, CHUNK))).status).toBe(204);
    expect((await viaA.patch(upload.url, CHUNK, file.subarray(CHUNK, CHUNK + 3 * MiB))).status).toBe(204);
    expect(await tusObjects(uploadId)).toEqual([`tus/${uploadId}.info`, `tus/${uploadId}.part`]);

    const head = await viaB.head(on(b, upload.url));
    expect(head.status).toBe(200);
    let offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(CHUNK + 3 * MiB);
    while (offset < file.length) {
      const end = Math.min(offset + CHUNK, file.length);
      const sent = await viaB.patch(on(b, upload.url), offset, file.subarray(offset, end));
      expect(sent.status, await sent.text()).toBe(204);
      expect(Number(sent.headers.get('upload-offset'))).toBe(end);
      offset = end;
    }
    await expectStoredOnce(client, a, upload.recordingId);

    expect(await tusObjects(uploadId)).toEqual([]);
    expect(await multipartUploads(`tus/${uploadId}`)).toEqual([]);
    for (const replica of [a, b]) expect(existsSync(join(replica.dataDir, 'uploads'))).toBe(false);
  }, 120_000);

  it("refuses someone else's HEAD, PATCH and DELETE on both replicas; the owner's DELETE removes every piece", async () => {
    const owner = await signUp(a);
    const other = await signUp(b);
    const upload = await rawTus(a.url, owner).create(file.length);
    expect((await rawTus(a.url, owner).patch(upload.url, 0, file.subarray(0, MiB))).status).toBe(204);
    const uploadId = uploadIdOf(upload.url);

    for (const replica of [a, b]) {
      const stranger = rawTus(replica.url, other.at(replica.url));
      const url = on(replica, upload.url);
      expect((await stranger.head(url)).status, replica.name).toBe(404);
      expect((await stranger.patch(url, MiB, file.subarray(MiB, 2 * MiB))).status, replica.name).toBe(404);
      const deleted = await fetch(url, {
        method: 'DELETE',
        headers: {
          cookie: other.cookieHeader,
          'X-CSRF-Token': other.cookie('scrivo_csrf') ?? '',
          'Tus-Resumable': '1.0.0',
        },
      });
      expect(deleted.status, replica.name).toBe(404);
    }
    const head = await rawTus(b.url, owner).head(on(b, upload.url));
    expect(head.headers.get('upload-offset')).toBe(String(MiB));

    const cancelled = await fetch(on(b, upload.url), {
      method: 'DELETE',
      headers: {
        cookie: owner.cookieHeader,
        'X-CSRF-Token': owner.cookie('scrivo_csrf') ?? '',
        'Tus-Resumable': '1.0.0',
      },
    });
    expect(cancelled.status).toBe(204);
    expect(await tusObjects(uploadId)).toEqual([]);
    expect(await multipartUploads(`tus/${uploadId}`)).toEqual([]);
    await waitFor(
      'the half-made recording gone',
      async () =>
        (await owner.at(a.url).api.recordings.get({ params: { id: upload.recordingId } })).status === 404,
    );
  }, 120_000);

  it('finishes, on another replica, an upload whose last byte arrived on a replica killed right then', async () => {
    const armed = await start('replica-c', { SCRIVO_TEST_CRASH_AT: 'last-byte' });
    const client = await signUp(b);
    const viaC = rawTus(armed.url, client.at(armed.url));
    const upload = await viaC.create(file.length, 'two-minutes.wav');
    expect(upload.status).toBe(201);
    for (let offset = 0; offset < file.length; offset += CHUNK) {
      const end = Math.min(offset + CHUNK, file.length);
      if (end < file.length)
        expect((await viaC.patch(upload.url, offset, file.subarray(offset, end))).status).toBe(204);
      else await expect(viaC.patch(upload.url, offset, file.subarray(offset, end))).rejects.toThrow();
    }
    expect(await armed.exited).toBe('SIGKILL');
    // B's upload recovery (it lists the uploads on the bucket) finishes it.
    await expectStoredOnce(client, b, upload.recordingId);
    await waitFor(
      'the upload removed from the bucket',
      async () => (await tusObjects(uploadIdOf(upload.url))).length === 0,
    );
  }, 120_000);

  it('removes an upload nobody continued, and pieces no upload owns, from the bucket', async () => {
    const client = await signUp(a);
    const viaA = rawTus(a.url, client);
    const upload = await viaA.create(file.length);
    expect((await viaA.patch(upload.url, 0, file.subarray(0, CHUNK + MiB))).status).toBe(204);
    const uploadId = uploadIdOf(upload.url);
    expect(await multipartUploads(`tus/${uploadId}`)).toHaveLength(1);
    // What a replica killed between two writes leaves: a multipart upload without its .info (killed while
    // creating an upload), a trailing part without its .info (killed while removing one).
    const orphan = `tus/${randomBytes(16).toString('hex')}`;
    await s3.initiateNewMultipartUpload(BUCKET, orphan, {});
    await s3.putObject(BUCKET, `${orphan}.part`, Buffer.alloc(1024));

    await waitFor(
      'the abandoned upload removed (expiry)',
      async () => (await client.api.recordings.get({ params: { id: upload.recordingId } })).status === 404,
      60_000,
    );
    expect(await tusObjects(uploadId)).toEqual([]);
    expect(await multipartUploads(`tus/${uploadId}`)).toEqual([]);
    await waitFor(
      'the pieces without an upload removed',
      async () =>
        (await tusObjects(orphan.slice('tus/'.length))).length === 0 &&
        (await multipartUploads(orphan)).length === 0,
    );
  }, 120_000);

  it('resumes on another replica an upload whose replica was killed (SIGKILL) in the middle of a PATCH', async () => {
    const client = await signUp(b);
    const viaA = rawTus(a.url, client);
    const upload = await viaA.create(file.length, 'two-minutes.wav');
    expect((await viaA.patch(upload.url, 0, file.subarray(0, CHUNK))).status).toBe(204);

    // The next chunk streams in slowly; A is killed once it holds 4 MiB of it (its temp part file).
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
    const cut = fetch(upload.url, {
      method: 'PATCH',
      headers: {
        cookie: client.cookieHeader,
        'X-CSRF-Token': client.cookie('scrivo_csrf') ?? '',
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(CHUNK),
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    }).then(
      (r) => r.status,
      (error: unknown) => error,
    );
    feed.enqueue(file.subarray(CHUNK, CHUNK + 6 * MiB));
    await waitFor('A receiving the chunk', async () =>
      readdirSync(a.tmp).some((name) => statSync(join(a.tmp, name)).size >= 4 * MiB),
    );
    expect(await a.stop('SIGKILL')).toBe('SIGKILL');
    expect(await cut).toBeInstanceOf(Error);

    const viaB = rawTus(b.url, client.at(b.url));
    const head = await viaB.head(on(b, upload.url));
    let offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(CHUNK); // the bytes of the cut PATCH never became a part: the client sends them again
    while (offset < file.length) {
      const end = Math.min(offset + CHUNK, file.length);
      const sent = await viaB.patch(on(b, upload.url), offset, file.subarray(offset, end));
      expect(sent.status, await sent.text()).toBe(204);
      offset = end;
    }
    await expectStoredOnce(client, b, upload.recordingId);
  }, 120_000);

  it('leaves a paused upload alone while MinIO is unreachable (not refused as if its bytes were lost)', async () => {
    const client = await signUp(b);
    const viaB = rawTus(b.url, client);
    const upload = await viaB.create(file.length);
    expect((await viaB.patch(upload.url, 0, file.subarray(0, MiB))).status).toBe(204);
    await minio.stop();
    // B looks every 300 ms and leaves uploads alone only 1 s after their last activity.
    await sleep(4000);
    const recording = await client.api.recordings.get({ params: { id: upload.recordingId } });
    expect(recording.body).toMatchObject({ status: 'uploading', error: null });
    expect(b.log()).toMatch(/upload not recovered yet/);
  }, 60_000);
});
