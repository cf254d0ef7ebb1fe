import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

/** A whole file sent as the browser sends it: tus creation, then one PATCH with every byte. */
const tusUpload = async (app: TestApp, client: TestClient, name: string, bytes: Uint8Array) => {
  const headers = {
    cookie: client.cookieHeader,
    'X-CSRF-Token': /scrivo_csrf=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '',
    'Tus-Resumable': '1.0.0',
  };
  const created = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const url = new URL(created.headers.get('location')!, app.url).toString();
  const last = await fetch(url, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  return {
    url,
    headers,
    recordingId: created.headers.get('x-recording-id')!,
    status: last.status,
    body: (await last.json()) as { code: string; message: string },
  };
};

describe('a file with no audio we can read is refused when its upload completes, and not kept', () => {
  let app: TestApp;
  let dir: string;
  let zeroWav: Uint8Array;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-unreadable-'));
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=stereo',
      '-t',
      '0',
      join(dir, 'zero.wav'),
    ]);
    zeroWav = readFileSync(join(dir, 'zero.wav'));
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const libraryIds = async (client: TestClient) =>
    ((await client.api.recordings.list()).body as { items: { id: string }[] }).items.map((r) => r.id);

  it('answers the last PATCH of a text file named .mp3 with 415 and why, and leaves no entry or bytes', async () => {
    const { client } = await signedInClient(app);
    await client.api.health.health();
    const text = new TextEncoder().encode('These are my meeting notes, not audio.\n'.repeat(40));
    const sent = await tusUpload(app, client, 'notes.mp3', text);
    expect(sent.status).toBe(415);
    expect(sent.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA',
      message: expect.stringMatching(/^This file has no audio we can read: /),
    });
    expect(await libraryIds(client)).not.toContain(sent.recordingId);
    expect((await client.api.recordings.get({ params: { id: sent.recordingId } })).status).toBe(404);
    expect((await fetch(sent.url, { method: 'HEAD', headers: sent.headers })).status).toBe(404);
  });

  it('says a 0 s WAV is 0 seconds long, never that it may be damaged (tus and one request)', async () => {
    const { client } = await signedInClient(app);
    await client.api.health.health();
    const sent = await tusUpload(app, client, 'empty-take.wav', zeroWav);
    expect(sent.status).toBe(422);
    expect(sent.body.code).toBe('ZERO_LENGTH');
    expect(sent.body.message).toMatch(/^This recording is 0 seconds long/);
    expect(sent.body.message).not.toMatch(/damaged/);
    expect(await libraryIds(client)).toEqual([]);

    const form = new FormData();
    form.set('file', new Blob([zeroWav]), 'empty-take.wav');
    const posted = await client.api.recordings.create({ body: form });
    expectStatus(posted, 422);
    expect(posted.body).toMatchObject({ code: 'ZERO_LENGTH' });
    expect(await libraryIds(client)).toEqual([]);
  });

  it('keeps the file when its owner asks after the refusal: stored, marked unreadable, never transcribed', async () => {
    const { client } = await signedInClient(app);
    await client.api.health.health();
    const text = new TextEncoder().encode('These are my meeting notes, not audio.\n'.repeat(40));
    const form = new FormData();
    form.set('file', new Blob([text]), 'notes.mp3');
    form.set('keep', 'unreadable');
    const kept = await client.api.recordings.create({ body: form });
    expectStatus(kept, 201);
    const recording = kept.body as { id: string; status: string; error: { code: string; message: string } };
    expect(recording).toMatchObject({
      status: 'unreadable',
      sizeBytes: text.length,
      durationSeconds: null,
      error: {
        code: 'UNSUPPORTED_MEDIA',
        message: expect.stringMatching(/^This file has no audio we can read/),
      },
    });
    expect(await libraryIds(client)).toEqual([recording.id]);

    // The same bytes come back, as a plain file.
    const media = await fetch(`${app.url}/api/recordings/${recording.id}/media`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(text);

    // No job was made, and asking for one cannot help.
    expect((await client.api.recordings.retry({ params: { id: recording.id } })).status).toBe(409);
    expect((await client.api.recordings.get({ params: { id: recording.id } })).body).toMatchObject({
      status: 'unreadable',
    });

    expect((await client.api.recordings.remove({ params: { id: recording.id } })).status).toBe(200);
    expect(await libraryIds(client)).toEqual([]);
  });

  it('keeps a 0 s WAV as a file, said to be 0 seconds long', async () => {
    const { client } = await signedInClient(app);
    await client.api.health.health();
    const form = new FormData();
    form.set('file', new Blob([zeroWav]), 'empty-take.wav');
    form.set('keep', 'unreadable');
    const kept = await client.api.recordings.create({ body: form });
    expectStatus(kept, 201);
    expect(kept.body).toMatchObject({
      status: 'unreadable',
      error: { code: 'ZERO_LENGTH', message: expect.stringMatching(/^This recording is 0 seconds long/) },
    });
  });
});
