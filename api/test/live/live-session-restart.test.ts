import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { liveSessionStream } from '@scrivo/domain/live';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { waitUntil } from '../support/wait-until';
import { LiveTestSocket } from './live-client';
import { expectStatus } from '../support/expect-status';

/** 100 ms of a quiet tone, as the browser sends it. */
const frameAudio = new Uint8Array(3200).map((_, i) => (i % 2 === 1 ? 0 : (i * 7) % 64));
const FRAMES = 23;

const env = (dataDir: string, abandonedAfterMs: number) => ({
  SCRIVO_DATA_DIR: dataDir,
  // No speech worker and no job worker: what matters is how the session ends and what it saves.
  SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
  SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
  SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
  SCRIVO_DEFAULT_PLAN: 'premium',
  SCRIVO_LIVE_ABANDONED_AFTER_MS: String(abandonedAfterMs),
  LOG_LEVEL: 'warn',
});

/** The session of a client, carried over to the restarted API (another port). */
const sameUserOn = (url: string, client: TestClient) => {
  const moved = new TestClient(url);
  for (const name of ['scrivo_session', 'scrivo_csrf']) {
    const value = client.cookie(name);
    if (value) moved.setCookie(name, value);
  }
  return moved;
};

/**
 * The timer that ends a session nobody comes back to must not live in the process that held its socket: an API
 * killed mid-session (SIGKILL, no shutdown) and started again still ends the session and saves its audio.
 */
describe('live recording: a session open when the API dies', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-live-restart-'));
  let api: ApiProcess | null = null;
  afterAll(async () => {
    await api?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is stopped as abandoned after the restart and saved with every acknowledged frame', async () => {
    ensureServerBuild();
    // Long enough that the session is not ended before the crash.
    api = await startApiProcess(env(dataDir, 600_000));
    const client = await signUpOver(api.url, dataDir, 'live-restart@example.com');
    const live = await LiveTestSocket.open(api.url, client);
    live.send({ type: 'start', title: 'Cut off by a restart', language: 'en' });
    const { sessionId } = await live.next('session');
    for (let sequence = 1; sequence <= FRAMES; sequence += 1) live.frame(sequence, frameAudio);
    // Acknowledged = stored: the browser would forget these frames now.
    await live.next('ack', (m) => m.sequence === FRAMES);
    expect(await api.stop('SIGKILL')).toBe('SIGKILL');
    live.close();

    api = await startApiProcess(env(dataDir, 1_000));
    const back = sameUserOn(api.url, client);
    // The recording takes the session's id.
    const recordingOf = () => back.api.recordings.get({ params: { id: sessionId } });
    await waitUntil(
      'the abandoned session is saved as a recording with its media',
      async () => {
        const found = await recordingOf();
        return found.status === 200 && typeof found.body.durationSeconds === 'number';
      },
      30_000,
    );
    const recording = await recordingOf();
    expectStatus(recording, 200);
    expect(recording.body.title).toBe('Cut off by a restart');
    expect(Math.abs(Number(recording.body.durationSeconds) - FRAMES / 10)).toBeLessThanOrEqual(0.1);

    await waitUntil(
      'the session is finalized',
      async () => {
        const attached = await LiveTestSocket.open(api!.url, back);
        attached.send({ type: 'attach', sessionId });
        const session = await attached.next('session');
        attached.close();
        return session.status === 'finalized';
      },
      30_000,
      250,
    );
    await api.stop();
    api = null;

    const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
    try {
      const stopped = (await store.readStream(liveSessionStream(sessionId))).filter(
        (event) => event.type === 'LiveSessionStopped',
      );
      expect(stopped.map((event) => event.data)).toMatchObject([
        { reason: 'abandoned', totalSeconds: FRAMES / 10 },
      ]);
    } finally {
      await store.close();
    }
  }, 180_000);
});
