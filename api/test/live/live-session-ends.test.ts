import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import type { TestClient } from '../support/http-client';
import { LiveTestSocket, SAVED_WITHIN } from './live-client';
import { expectStatus } from '../support/expect-status';

/** 100 ms of a quiet tone, as the browser sends it. */
const frameAudio = new Uint8Array(3200).map((_, i) => (i % 2 === 1 ? 0 : (i * 7) % 64));
const ABANDONED_AFTER_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reserves `seconds` of the plan's minutes with an upload (no job worker here, so they stay reserved). */
const reserve = async (client: TestClient, seconds: number) => {
  const tone = execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-ac', '1', '-ar', '8000', '-c:a', 'libmp3lame', '-b:a', '16k', '-f', 'mp3', '-'],
  ]);
  const form = new FormData();
  form.set('file', new Blob([tone], { type: 'audio/mpeg' }), 'reserved.mp3');
  expect((await client.api.recordings.create({ body: form })).status).toBe(201);
};

describe('live recording: how a session ends without the stop button', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No speech worker: how sessions end does not depend on live text.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
      SCRIVO_LIVE_ABANDONED_AFTER_MS: String(ABANDONED_AFTER_MS),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps a dropped session open while its browser comes back in time', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const first = await LiveTestSocket.open(app.url, client);
    first.send({ type: 'start', language: 'en' });
    const { sessionId } = await first.next('session');
    first.frame(1, frameAudio);
    await first.next('ack', (m) => m.sequence === 1);
    first.close();

    // Back after half the timeout, then gone again for less than the whole of it: still recording.
    await sleep(ABANDONED_AFTER_MS / 2);
    const second = await LiveTestSocket.open(app.url, client);
    second.send({ type: 'attach', sessionId });
    expect(await second.next('session')).toMatchObject({ status: 'recording', lastSequence: 1 });
    await sleep(ABANDONED_AFTER_MS * 1.5);
    second.frame(2, frameAudio);
    await second.next('ack', (m) => m.sequence === 2);
    second.send({ type: 'stop' });
    expect((await second.next('stopped')).totalSeconds).toBeCloseTo(0.2, 3);
    second.close();
  });

  it('stops a session nobody comes back to and saves everything it received as a recording', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const live = await LiveTestSocket.open(app.url, client);
    live.send({ type: 'start', title: 'Laptop closed', language: 'en' });
    const { sessionId } = await live.next('session');
    for (let sequence = 1; sequence <= 5; sequence += 1) live.frame(sequence, frameAudio);
    await sleep(50);
    // The socket goes away with frames not yet acknowledged: they are stored on the way out.
    live.close();

    await sleep(ABANDONED_AFTER_MS + 3000);
    const back = await LiveTestSocket.open(app.url, client);
    back.send({ type: 'attach', sessionId });
    const session = await back.next('session');
    expect(session.status).not.toBe('recording');
    expect(session.lastSequence).toBe(5);
    const { recordingId } = await back.next('finalized', () => true, SAVED_WITHIN);
    const recording = await client.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(recording.body.title).toBe('Laptop closed');
    expect(recording.body.durationSeconds).toBeCloseTo(0.5, 1);
    back.close();
  }, 180_000);

  it('stops cleanly when the plan allowance runs out, keeping every second up to it', async () => {
    const { client } = await signedInClient(app, { plan: 'free' });
    // The free plan's 300 s less 297.5 reserved, less one second of encoding headroom, in whole seconds: 1 s.
    await reserve(client, 297.5);
    const live = await LiveTestSocket.open(app.url, client);
    live.send({ type: 'start', language: 'en' });
    const session = await live.next('session');
    // What the Record view counts down from, to warn a minute before the end.
    expect(session.allowanceSeconds).toBe(1);

    for (let sequence = 1; sequence <= 14; sequence += 1) live.frame(sequence, frameAudio);
    const stopped = await live.next('stopped');
    expect(stopped).toMatchObject({ reason: 'allowance' });
    expect(stopped.totalSeconds).toBeCloseTo(1, 3);
    const late = await live.next('error', (m) => m.code === 'LIVE_SESSION_STOPPED');
    expect(late.message).toBe('This live session has stopped.');
    const { recordingId } = await live.next('finalized', () => true, SAVED_WITHIN);
    const recording = await client.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(recording.body.durationSeconds).toBeCloseTo(1, 1);
    live.close();
  }, 180_000);
});
