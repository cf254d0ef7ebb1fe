import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { bodyOf, expectStatus } from '../support/expect-status';

const JFK = readFileSync(sharedAudio('jfk/jfk.wav'));
const upload = (bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  return form;
};

describe('POST /api/recordings refuses bad input, checks ownership and quotas', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_MAX_UPLOAD_BYTES: String(2 * 1024 * 1024),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const silentVideo = () =>
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=5:duration=1',
      '-c:v',
      'libx264',
      '-f',
      'mp4',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-',
    ]);

  it.each([
    ['an empty file', () => new Uint8Array(), 'a.wav', 400, 'EMPTY_FILE'],
    [
      'a text file named .mp3',
      () => new TextEncoder().encode('not audio\n'.repeat(200)),
      'notes.mp3',
      415,
      'UNSUPPORTED_MEDIA',
    ],
    ['a truncated WAV', () => JFK.subarray(0, 100_000), 'cut.wav', 415, 'CORRUPT_MEDIA'],
    ['a video without audio', silentVideo, 'silent.mp4', 422, 'NO_AUDIO_STREAM'],
    ['a file over the limit', () => new Uint8Array(3 * 1024 * 1024), 'big.wav', 413, 'PAYLOAD_TOO_LARGE'],
  ])('refuses %s with a clear error and keeps nothing', async (_what, bytes, name, status, code) => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const response = await client.api.recordings.create({ body: upload(bytes(), name) });
    expectStatus(response, status as 413 | 415 | 422);
    expect(response.body).toMatchObject({ code });
    expect((response.body.error as string).length).toBeGreaterThan(10);
    expect((await client.api.recordings.list()).body).toMatchObject({ total: 0 });
  });

  it("answers 404 for another user's recording on every route", async () => {
    const owner = await signedInClient(app, { plan: 'premium' });
    const other = await signedInClient(app, { plan: 'premium' });
    const created = await owner.client.api.recordings.create({ body: upload(JFK, 'jfk.wav') });
    expectStatus(created, 201);
    const id = created.body.id as string;
    for (const [method, path] of [
      ['GET', `/api/recordings/${id}`],
      ['PATCH', `/api/recordings/${id}`],
      ['DELETE', `/api/recordings/${id}`],
      ['POST', `/api/recordings/${id}/cancel`],
      ['POST', `/api/recordings/${id}/retry`],
      ['POST', `/api/recordings/${id}/restore`],
      ['GET', `/api/recordings/${id}/transcript`],
      ['GET', `/api/recordings/${id}/media`],
      ['GET', `/api/recordings/${id}/export?format=txt`],
    ] as const) {
      const response = await other.client.request(
        method,
        path,
        method === 'PATCH' ? { title: 'mine' } : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await other.client.api.recordings.list()).body).toMatchObject({ total: 0 });
    expect((await owner.client.api.recordings.get({ params: { id } })).body).toMatchObject({
      title: 'jfk',
      status: 'queued',
    });
  });

  it('refuses a transcription that would exceed the monthly minutes, saying how many are left', async () => {
    const { client } = await signedInClient(app, { plan: 'free' });
    const long = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=310',
      '-ac',
      '1',
      '-ar',
      '8000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '16k',
      '-f',
      'mp3',
      '-',
    ]);
    const refused = await client.api.recordings.create({ body: upload(long, 'long.mp3') });
    expectStatus(refused, 402);
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(refused.body.error).toContain('5 of your 5 minutes left');
    expect((await client.api.recordings.list()).body).toMatchObject({ total: 0 });
    expect((await client.api.recordings.usage()).body).toMatchObject({
      plan: 'free',
      minutesUsed: 0,
      minutesAllowed: 5,
      minutesLeft: 5,
    });
  });

  it('cancels a queued transcription and gives the minutes back', async () => {
    const { client } = await signedInClient(app, { plan: 'free' });
    const id = bodyOf(await client.api.recordings.create({ body: upload(JFK, 'jfk.wav') }), 201).id as string;
    expect((await client.api.recordings.usage()).body).toMatchObject({ minutesUsed: 0.2 });
    const cancelled = await client.api.recordings.cancel({ params: { id } });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect((await client.api.recordings.usage()).body).toMatchObject({ minutesUsed: 0 });
    expect((await client.api.recordings.cancel({ params: { id } })).status).toBe(200);
  });
});
