import { execFileSync } from 'node:child_process';
import type { LiveServerMessage } from '@scrivo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MinutesLedger } from '../../src/recordings/minutes-ledger';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { LiveTestSocket, SAVED_WITHIN } from './live-client';

/** Half a second of a quiet tone (16 kHz mono s16le), the largest frame the socket takes. */
const halfSecond = new Uint8Array(16_000).map((_, i) => (i % 2 === 1 ? 0 : (i * 7) % 64));
const FREE_PLAN_SECONDS = 300;

/** An mp3 tone of this length: uploaded, its probed length is reserved (no job worker here to bill or release). */
const tone = (seconds: number) =>
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-ac', '1', '-ar', '8000', '-c:a', 'libmp3lame', '-b:a', '16k', '-f', 'mp3', '-'],
  ]);

type Outcome =
  { kind: 'started'; allowanceSeconds: number | null } | { kind: 'refused'; code: string; message: string };

const outcomeOf = async (live: LiveTestSocket): Promise<Outcome> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const first = live.messages.find(
      (m): m is Extract<LiveServerMessage, { type: 'session' | 'error' }> =>
        m.type === 'session' || m.type === 'error',
    );
    if (first?.type === 'session') return { kind: 'started', allowanceSeconds: first.allowanceSeconds };
    if (first?.type === 'error') return { kind: 'refused', code: first.code, message: first.message };
    if (Date.now() > deadline) throw new Error(`no answer to start: ${JSON.stringify(live.messages)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('live sessions opened at once share the minutes the plan has left', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives a Free user with 10 s left at most 10 s of audio over three sockets started together', async () => {
    const { client, userId } = await signedInClient(app, { plan: 'free' });
    const form = new FormData();
    form.set('file', new Blob([tone(290)], { type: 'audio/mpeg' }), 'most-of-the-month.mp3');
    expect((await client.api.recordings.create({ body: form })).status).toBe(201);
    const minutes = app.scrivo.app.get(MinutesLedger);
    const usedBefore = await minutes.usedSeconds(userId);
    const left = FREE_PLAN_SECONDS - usedBefore;
    expect(left).toBeGreaterThan(5);
    expect(left).toBeLessThan(15);

    const sockets = await Promise.all([1, 2, 3].map(() => LiveTestSocket.open(app.url, client)));
    for (const live of sockets) live.send({ type: 'start', title: 'At once', language: 'en' });
    const outcomes = await Promise.all(sockets.map(outcomeOf));

    const started = outcomes.flatMap((o) => (o.kind === 'started' ? [o.allowanceSeconds ?? Infinity] : []));
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(started.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(left);
    for (const refusal of outcomes.filter((o) => o.kind === 'refused'))
      expect(refusal).toMatchObject({ code: 'QUOTA_EXCEEDED' });

    // Every session that started is sent 30 s: each stops at its own allowance, and together at what was left.
    const recorded: number[] = [];
    for (const [i, live] of sockets.entries()) {
      if (outcomes[i]?.kind !== 'started') continue;
      for (
        let sequence = 1;
        sequence <= 60 && !live.messages.some((m) => m.type === 'stopped');
        sequence += 1
      )
        live.frame(sequence, halfSecond);
      const stopped = await live.next('stopped');
      expect(stopped.reason).toBe('allowance');
      recorded.push(stopped.totalSeconds);
      await live.next('finalized', () => true, SAVED_WITHIN);
    }
    expect(recorded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(left);
    // Once finalized, the month holds the upload plus what was recorded: within the plan, nothing multiplied.
    const usedAfter = await minutes.usedSeconds(userId);
    expect(usedAfter).toBeLessThanOrEqual(FREE_PLAN_SECONDS);
    expect(usedAfter - usedBefore).toBeCloseTo(
      recorded.reduce((a, b) => a + b, 0),
      0,
    );
    for (const live of sockets) live.close();
  }, 180_000);

  it('gives the minutes of a session that recorded nothing back once it stops', async () => {
    const { client, userId } = await signedInClient(app, { plan: 'free' });
    const minutes = app.scrivo.app.get(MinutesLedger);
    const first = await LiveTestSocket.open(app.url, client);
    first.send({ type: 'start', language: 'en' });
    const session = await first.next('session');
    expect(session.allowanceSeconds).toBe(FREE_PLAN_SECONDS - 1);
    // Held while it runs: a second session finds nothing left.
    const second = await LiveTestSocket.open(app.url, client);
    second.send({ type: 'start', language: 'en' });
    expect(await second.next('error')).toMatchObject({ code: 'QUOTA_EXCEEDED', fatal: true });

    first.send({ type: 'stop' });
    await first.next('stopped');
    const deadline = Date.now() + 10_000;
    while ((await minutes.usedSeconds(userId)) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await minutes.usedSeconds(userId)).toBe(0);
    const third = await LiveTestSocket.open(app.url, client);
    third.send({ type: 'start', language: 'en' });
    expect((await third.next('session')).allowanceSeconds).toBe(FREE_PLAN_SECONDS - 1);
    for (const live of [first, second, third]) live.close();
  });
});
