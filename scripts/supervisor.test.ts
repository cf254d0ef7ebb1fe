import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@scrivo/adapters/testing/free-port';
import { startTestApp, type TestApp } from '../api/test/support/test-app';
import { restartDelay, supervise } from './supervisor.mjs';

// A stand-in for the speech worker: answers /health as the real one does, and can be killed like it.
const FAKE_SPEECH_WORKER = `
import { createServer } from 'node:http';
createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({
    status: 'ok',
    model: 'tiny',
    diarizer: { name: 'campplus', degraded: null },
    live: { english: { name: 'vosk', degraded: null }, otherLanguages: { name: 'whisper', degraded: null } },
  }));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const dir = mkdtempSync(join(tmpdir(), 'scrivo-supervisor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fakeWorker = join(dir, 'fake-speech-worker.mjs');
writeFileSync(fakeWorker, FAKE_SPEECH_WORKER);
const exitingChild = join(dir, 'exits-at-once.mjs');
const sleepingChild = join(dir, 'sleeps.mjs');
writeFileSync(sleepingChild, 'setInterval(() => undefined, 1000);');
writeFileSync(exitingChild, 'console.error("Invalid configuration"); process.exit(2);');

const until = async <T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the restart backoff', () => {
  it('doubles with each quick death, from one second up to thirty', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('npm start supervising an engine the API depends on', () => {
  const lines: string[] = [];
  let port: number;
  let worker: ReturnType<typeof supervise>;
  let app: TestApp;
  const health = async () => {
    const answer = await fetch(`${app.url}/api/health`);
    const body = (await answer.json()) as {
      status: string;
      engines: { name: string; ok: boolean; detail?: string; parts: { part: string; engine: string }[] }[];
    };
    return { status: answer.status, body, speech: body.engines.find((e) => e.name === 'speech')! };
  };

  beforeAll(async () => {
    port = await freePort();
    worker = supervise({
      name: 'speech worker',
      command: process.execPath,
      args: [fakeWorker],
      options: { env: { ...process.env, PORT: String(port) }, detached: true },
      log: (line: string) => void lines.push(line),
      // Long enough for a health check to see the engine down between the kill and the restart.
      backoff: { firstMs: 2000, maxMs: 4000, stableAfterMs: 60_000 },
    });
    app = await startTestApp({
      SCRIVO_SPEECH_URL: `http://127.0.0.1:${port}`,
      SCRIVO_HEALTH_ENGINES: 'speech',
      SCRIVO_LLM_ENGINE: 'none',
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
  });

  it('reports ok with the models the engine says it runs', async () => {
    const ok = await until(health, (h) => h.status === 200);
    expect(ok.body.status).toBe('ok');
    expect(ok.speech.parts).toEqual(
      expect.arrayContaining([
        { part: 'speech model', engine: 'tiny' },
        { part: 'diarizer', engine: 'campplus' },
        { part: 'live captions (English)', engine: 'vosk' },
      ]),
    );
  });

  it('answers degraded, naming the engine, while it is down, and ok once the supervisor has restarted it', async () => {
    const killed = worker.pid!;
    process.kill(killed, 'SIGKILL');
    const down = await until(health, (h) => h.status === 503, 5000);
    expect(down.body.status).toBe('degraded');
    expect(down.speech).toMatchObject({ ok: false, detail: expect.stringMatching(/^not running/) });

    const back = await until(health, (h) => h.status === 200);
    expect(back.body.status).toBe('ok');
    expect(worker.pid).not.toBe(killed);
    expect(lines).toContain('speech worker exited (SIGKILL); restarting in 2 s (restart 1)');
  });

  it('stops for good when asked, without a restart', async () => {
    await worker.stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(worker.pid).toBeUndefined();
    expect(lines.filter((l) => l.includes('restarting'))).toHaveLength(1);
  });
});

describe('a process that fails while starting', () => {
  it('is not restarted: the supervisor gives up with its exit code', async () => {
    const lines: string[] = [];
    const code = await new Promise<number>((resolve) =>
      supervise({
        name: 'api',
        command: process.execPath,
        args: [exitingChild],
        options: { stdio: 'ignore' },
        log: (line: string) => void lines.push(line),
        startupMs: 5000,
        onGiveUp: resolve,
      }),
    );
    expect(code).toBe(2);
    expect(lines).toEqual(['api stopped while starting (exit code 2)']);
  });

  it('is restarted when a signal ended it, since a kill from outside says nothing about its settings', async () => {
    const lines: string[] = [];
    let gaveUp = false;
    const child = supervise({
      name: 'job worker',
      command: process.execPath,
      args: [sleepingChild],
      log: (line: string) => void lines.push(line),
      startupMs: 20_000,
      onGiveUp: () => (gaveUp = true),
      backoff: { firstMs: 100, maxMs: 100, stableAfterMs: 60_000 },
    });
    await until(async () => child.pid, Boolean);
    const first = child.pid!;
    process.kill(first, 'SIGKILL');
    await until(
      async () => child.pid,
      (pid) => pid !== undefined && pid !== first,
    );
    await child.stop();
    expect(gaveUp).toBe(false);
    expect(lines).toEqual(['job worker exited (SIGKILL); restarting in 100 ms (restart 1)']);
  });
});
