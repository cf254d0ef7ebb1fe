import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { LiveTestSocket, SAVED_WITHIN } from './live-client';
import { expectStatus } from '../support/expect-status';

/** 100 ms of a quiet tone, as the browser sends it. */
const frameAudio = new Uint8Array(3200).map((_, i) => (i % 2 === 1 ? 0 : (i * 7) % 64));

describe('live recording socket: what it refuses', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No speech worker: refusals and storage do not depend on live text (its absence is only reported).
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens only for a signed-in user on a page of this site', async () => {
    await expect(LiveTestSocket.open(app.url, null)).rejects.toThrow('upgrade refused: 401');
    const { client } = await signedInClient(app);
    await expect(LiveTestSocket.open(app.url, client, 'https://evil.example')).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('refuses duplicate, out-of-order, oversized and malformed frames with clear messages, storing each frame once', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const live = await LiveTestSocket.open(app.url, client);
    live.send({ type: 'start', title: 'Refusals', language: 'en' });
    await live.next('session');

    live.frame(1, frameAudio);
    live.frame(2, frameAudio);
    live.frame(2, frameAudio);
    const duplicate = await live.next('error', (m) => m.code === 'LIVE_FRAME_DUPLICATE');
    expect(duplicate).toMatchObject({ fatal: false, expectedSequence: 3 });
    expect(duplicate.message).toBe('Frame 2 was received already; the next one expected is 3.');

    live.frame(5, frameAudio);
    const gap = await live.next('error', (m) => m.code === 'LIVE_FRAME_OUT_OF_ORDER');
    expect(gap).toMatchObject({
      expectedSequence: 3,
      message: 'Frame 5 arrived before frame 3: frames must be sent in order.',
    });

    live.frame(3, new Uint8Array(20_000));
    const big = await live.next('error', (m) => m.code === 'LIVE_FRAME_TOO_LARGE');
    expect(big.message).toContain('at most 16000 are allowed');

    live.ws.send(Buffer.from([1, 0]));
    live.frame(3, new Uint8Array(3));
    live.send({ type: 'dance' });
    live.ws.send('not json');
    await live.next(
      'error',
      (m) => m.code === 'LIVE_MESSAGE_MALFORMED' && m.message === 'A text message must be JSON.',
    );
    const malformed = live.messages.filter((m) => m.type === 'error' && m.code.endsWith('MALFORMED'));
    expect(malformed.map((m) => (m.type === 'error' ? m.message : ''))).toEqual([
      'An audio frame starts with its 4-byte sequence number.',
      'Frame 3 is not 16-bit PCM (3 bytes of audio).',
      expect.stringContaining('Not a live-recording message: type:'),
      'A text message must be JSON.',
    ]);

    live.frame(3, frameAudio);
    await live.next('ack', (m) => m.sequence === 3);
    live.send({ type: 'stop' });
    const stopped = await live.next('stopped');
    // Three frames of 100 ms were accepted; the refused ones added nothing.
    expect(stopped.totalSeconds).toBeCloseTo(0.3, 3);
    const { recordingId } = await live.next('finalized', () => true, SAVED_WITHIN);
    const recording = await client.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(recording.body.durationSeconds).toBeCloseTo(0.3, 1);
    live.close();
  }, 180_000);

  it("refuses another user's session as if it did not exist", async () => {
    const { client: owner } = await signedInClient(app, { plan: 'premium' });
    const mine = await LiveTestSocket.open(app.url, owner);
    mine.send({ type: 'start', language: null });
    const { sessionId } = await mine.next('session');

    const { client: stranger } = await signedInClient(app, { plan: 'premium' });
    const theirs = await LiveTestSocket.open(app.url, stranger);
    theirs.send({ type: 'attach', sessionId });
    const refused = await theirs.next('error');
    expect(refused).toMatchObject({
      code: 'LIVE_SESSION_NOT_FOUND',
      fatal: true,
      message: 'No live session of yours has this id.',
    });
    mine.close();
  });

  it('refuses to start when the plan has no minutes left', async () => {
    const { client } = await signedInClient(app, { plan: 'free' });
    // 299.5 s of the free plan's 300 reserved by an upload (no job worker here, so it stays reserved).
    const tone = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=299.5',
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
    const form = new FormData();
    form.set('file', new Blob([tone], { type: 'audio/mpeg' }), 'long.mp3');
    expect((await client.api.recordings.create({ body: form })).status).toBe(201);

    const live = await LiveTestSocket.open(app.url, client);
    live.send({ type: 'start', language: 'en' });
    const refused = await live.next('error');
    expect(refused).toMatchObject({ code: 'QUOTA_EXCEEDED', fatal: true });
    expect(refused.message).toContain('No transcription minutes are left');
    expect(live.messages.some((m) => m.type === 'session')).toBe(false);
  });
});
