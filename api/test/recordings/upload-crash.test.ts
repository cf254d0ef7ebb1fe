import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashStep } from '../../src/common/crash-points';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { rawTus } from './support/raw-tus';
import { JFK_PATH } from './support/stuck-upload';

const JFK = readFileSync(JFK_PATH);
/** jfk.wav is 11 s long: the minutes the usage shows for one queued transcription of it. */
const JFK_MINUTES = 0.2;

interface Scenario {
  readonly kind: 'multipart' | 'tus';
  readonly step: CrashStep;
  /** After the restart: queued (the upload completes) or failed (refused with a reason the user sees). */
  readonly ends: 'queued' | 'failed';
}

const scenarios: Scenario[] = [
  { kind: 'multipart', step: 'created', ends: 'failed' },
  { kind: 'multipart', step: 'probed', ends: 'failed' },
  { kind: 'multipart', step: 'mid-write', ends: 'failed' },
  { kind: 'multipart', step: 'stored', ends: 'queued' },
  { kind: 'multipart', step: 'reserved', ends: 'queued' },
  { kind: 'tus', step: 'created', ends: 'failed' },
  { kind: 'tus', step: 'mid-write', ends: 'queued' },
  { kind: 'tus', step: 'last-byte', ends: 'queued' },
  { kind: 'tus', step: 'probed', ends: 'queued' },
  { kind: 'tus', step: 'stored', ends: 'queued' },
  { kind: 'tus', step: 'reserved', ends: 'queued' },
];

/** The client's session, carried over to the restarted API (another port). */
const sameUserOn = (url: string, client: TestClient) => {
  const moved = new TestClient(url);
  for (const name of ['scrivo_session', 'scrivo_csrf']) {
    const value = client.cookie(name);
    if (value) moved.setCookie(name, value);
  }
  return moved;
};

/**
 * kill -9 of the API at each step of a multipart and of a tus upload (a test-only crash point, see
 * api/src/common/crash-points.ts, makes the real API process SIGKILL itself exactly there), then a restart:
 * every upload must end queued or refused with a reason, with the minutes right and no temp file left.
 */
describe('the API killed at each step of an upload', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-crash-'));
  // The API processes' own temp folder, so leftovers of other tests running in parallel do not count.
  const spoolDir = join(dataDir, 'os-tmp');
  const env = {
    SCRIVO_DATA_DIR: dataDir,
    TMPDIR: spoolDir,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS: '300',
    SCRIVO_UPLOAD_SETTLE_MS: '1000',
    LOG_LEVEL: 'warn',
  };
  const crashed: { scenario: Scenario; client: TestClient; resume?: () => Promise<Response> }[] = [];
  let api: ApiProcess | null = null;

  beforeAll(() => {
    mkdirSync(spoolDir, { recursive: true });
    ensureServerBuild();
  }, 180_000);
  afterAll(async () => {
    await api?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('dies at each step (SIGKILL), with the client left without an answer', async () => {
    let n = 0;
    for (const scenario of scenarios) {
      // The armed process leaves earlier scenarios to the restart (its recovery would hit the crash point too).
      const armed = await startApiProcess({
        ...env,
        SCRIVO_TEST_CRASH_AT: scenario.step,
        SCRIVO_UPLOAD_SETTLE_MS: '3600000',
      });
      api = armed;
      const client = await signUpOver(armed.url, dataDir, `crash-${(n += 1)}-${scenario.kind}@example.com`);
      let resume: (() => Promise<Response>) | undefined;
      if (scenario.kind === 'multipart') {
        const form = new FormData();
        form.set('file', new Blob([JFK]), 'jfk.wav');
        await expect(client.api.recordings.create({ body: form })).rejects.toThrow();
      } else {
        const tus = rawTus(armed.url, client);
        await client.api.health.health();
        if (scenario.step === 'created') await expect(tus.create(JFK.length)).rejects.toThrow();
        else {
          const upload = await tus.create(JFK.length);
          expect(upload.status).toBe(201);
          if (scenario.step === 'mid-write') {
            const half = 100_000;
            expect((await tus.patch(upload.url, 0, JFK.subarray(0, half))).status).toBe(204);
            await expect(tus.patch(upload.url, half, JFK.subarray(half))).rejects.toThrow();
            // After the restart the client resumes where the server says it stopped, as tus-js-client does.
            resume = async () => {
              const path = new URL(upload.url).pathname;
              const again = rawTus(api!.url, sameUserOn(api!.url, client));
              const head = await again.head(`${api!.url}${path}`);
              const offset = Number(head.headers.get('upload-offset'));
              return again.patch(`${api!.url}${path}`, offset, JFK.subarray(offset));
            };
          } else await expect(tus.patch(upload.url, 0, JFK)).rejects.toThrow();
        }
      }
      expect(await armed.exited, `${scenario.kind} ${scenario.step}:\n${armed.log()}`).toBe('SIGKILL');
      crashed.push({ scenario, client, resume });
    }
  }, 300_000);

  it('after a restart every upload ends queued or refused, minutes charged once, no temp file left', async () => {
    expect(crashed).toHaveLength(scenarios.length);
    api = await startApiProcess(env);
    const restarted = api;
    for (const { scenario, client, resume } of crashed) {
      const label = `${scenario.kind} killed at ${scenario.step}`;
      const user = sameUserOn(restarted.url, client);
      if (resume) expect((await resume()).status, label).toBe(204);
      const deadline = Date.now() + 30_000;
      let recordings: { id: string; status: string; error: { code: string } | null }[] = [];
      for (;;) {
        recordings = ((await user.api.recordings.list()).body as { items: typeof recordings }).items;
        if (recordings.length === 1 && recordings[0]!.status !== 'uploading') break;
        if (Date.now() > deadline)
          throw new Error(`${label}: ${JSON.stringify(recordings)}\n${restarted.log().slice(-5000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const [recording] = recordings;
      expect(recording!.status, label).toBe(scenario.ends);
      if (scenario.ends === 'failed') expect(recording!.error?.code, label).toBe('UPLOAD_INTERRUPTED');
      const usage = (await user.api.recordings.usage()).body as { minutesUsed: number };
      expect(usage.minutesUsed, label).toBe(scenario.ends === 'queued' ? JFK_MINUTES : 0);
    }

    const leftovers = () => ({
      spool: readdirSync(spoolDir).filter((name) => name.startsWith('scrivo-')),
      blobTemp: readdirSync(join(dataDir, 'blobs', '.tmp')),
      uploads: readdirSync(join(dataDir, 'uploads')),
    });
    const deadline = Date.now() + 10_000;
    while (Object.values(leftovers()).some((files) => files.length > 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(leftovers()).toEqual({ spool: [], blobTemp: [], uploads: [] });
  }, 120_000);
});
