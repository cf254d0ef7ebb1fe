import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@scrivo/adapters/testing/free-port';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, type ScrivoApp } from '../../src/create-app';
import { RecordingCommands } from '../../src/recordings/recording-commands';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import type { TestApp } from '../support/test-app';

const AUDITOR = { email: 'auditor@scrivo.test', password: 'auditor-secret-1' };
/** Words that appear nowhere else: the erased person's names and a word of their transcript. */
const SECRETS = ['Zebulonius', 'Quaxtermoor', 'xylophonic'];
const KEPT_NAME = 'Keepsworth';

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
};

/** Every file under a folder, with its bytes. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** The real API on a data folder of the test's choosing, so a second start finds the same files. */
const startOn = async (dataDir: string): Promise<TestApp> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const scrivo: ScrivoApp = await createApp({
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SCRIVO_PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_AUDITOR_EMAIL: AUDITOR.email,
    SCRIVO_AUDITOR_PASSWORD: AUDITOR.password,
  });
  await scrivo.app.listen(port, '127.0.0.1');
  return { url, dataDir, scrivo, close: () => scrivo.close() };
};

/**
 * Crypto-shredding, end to end: a person's names and transcript are sealed in the events with their key; after
 * the account is deleted, no file of the server holds them, the read models rebuild from zero, and the auditor's
 * replay shows "[erased]" where they were.
 */
describe('after deleting an account, none of its personal data is readable anywhere', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-erasure-proof-'));
  let app: TestApp | null = null;
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no name or transcript word in the events, read models, blobs or keys; rebuilds; replays as erased', async () => {
    app = await startOn(dataDir);
    const { client, userId } = await signedInClient(app);
    expect((await client.patch('/api/account', { firstName: SECRETS[0], lastName: SECRETS[1] })).status).toBe(
      200,
    );
    const kept = await signedInClient(app);
    expect((await kept.client.patch('/api/account', { firstName: KEPT_NAME })).status).toBe(200);

    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const recordingId = (await client.post('/api/recordings', form)).body.id as string;
    const commands = app.scrivo.app.get(RecordingCommands);
    const jobId = (await commands.load(recordingId)).state.jobId!;
    const worker = { kind: 'worker' as const, id: 'test-worker' };
    const text = `my ${SECRETS[2]} secret`;
    await commands.run(
      recordingId,
      { type: 'StartTranscription', jobId, workerId: 'w', now: commands.now() },
      worker,
      jobId,
    );
    await commands.run(
      recordingId,
      {
        type: 'CompleteTranscription',
        jobId,
        now: commands.now(),
        transcript: {
          language: 'en',
          languageProbability: 0.9,
          durationSeconds: 11,
          text,
          engine: 'test',
          segments: [
            {
              id: 0,
              start: 0,
              end: 2,
              text,
              speaker: null,
              words: [{ start: 0, end: 1, text: SECRETS[2]!, probability: 1 }],
            },
          ],
        },
      },
      worker,
      jobId,
    );
    // Sealed as written: the events file never held the words, even before the erasure.
    const eventsFile = () =>
      Buffer.concat(
        ['events.db', 'events.db-wal']
          .filter((f) => existsSync(join(dataDir, f)))
          .map((f) => readFileSync(join(dataDir, f))),
      );
    for (const secret of SECRETS) expect(eventsFile().includes(secret), secret).toBe(false);
    expect((await client.get(`/api/recordings/${recordingId}/transcript`)).text).toContain(SECRETS[2]);
    // The search below can see them: the read models hold the names and the transcript while the account lives.
    const readModelsNow = await readModelBytes(dataDir);
    for (const secret of SECRETS) expect(readModelsNow.includes(secret), secret).toBe(true);

    expect((await client.post('/api/account/delete', { password: 'test-password' })).status).toBe(200);
    const auditor = new TestClient(app.url);
    expect(
      (await auditor.post('/api/audit/login', { username: AUDITOR.email, password: AUDITOR.password }))
        .status,
    ).toBe(200);
    await waitUntil('the erasure is done', async () => {
      const erased = (await auditor.get('/api/admin/erased-accounts')).body.items as {
        userId: string;
        erasedAt: string | null;
      }[];
      return erased.some((a) => a.userId === userId && a.erasedAt !== null);
    });

    // The auditor's replay: the stream is there, its personal fields read "[erased]".
    const replay = await auditor.get(`/api/audit/events?streamId=user-${userId}`);
    expect(replay.status, replay.text).toBe(200);
    const events = replay.body.events as { type: string; data: Record<string, unknown> }[];
    expect(events.find((e) => e.type === 'UserProfileUpdated')?.data).toMatchObject({
      firstName: '[erased]',
      lastName: '[erased]',
    });
    expect(events.find((e) => e.type === 'UserRegistered')?.data).toMatchObject({ firstName: '[erased]' });
    const transcriptReplay = await auditor.get(`/api/audit/events?streamId=recording-${recordingId}`);
    expect(transcriptReplay.text).not.toContain(SECRETS[2]);
    expect(transcriptReplay.text).toContain('[erased]');

    await app.close();
    app = null;
    const files = filesUnder(dataDir).filter((f) => !f.includes(`${join(dataDir, 'outbox')}`));
    expect(files.some((f) => f.endsWith('read-models.db'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of SECRETS) expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
    }

    // Every read model rebuilt from zero, from the same events.
    for (const f of readdirSync(dataDir).filter((name) => name.startsWith('read-models.db')))
      unlinkSync(join(dataDir, f));
    app = await startOn(dataDir);
    await waitUntil('the read models are rebuilt', async () => {
      const health = (await fetch(`${app!.url}/api/health`).then((r) => r.json())) as {
        projections: { name: string; checkpoint: number }[];
      };
      const head = Math.max(...health.projections.map((p) => p.checkpoint));
      return health.projections
        .filter((p) => !p.name.startsWith('reactor:'))
        .every((p) => p.checkpoint >= head);
    });
    // Sessions live in the read models too: the kept user signs in again after the rebuild.
    const keptAgain = new TestClient(app.url);
    expect(
      (await keptAgain.post('/api/login', { email: kept.email, password: 'test-password' })).status,
    ).toBe(200);
    expect((await keptAgain.get('/api/account')).body).toMatchObject({ firstName: KEPT_NAME });
    const rebuilt = await readModelBytes(dataDir);
    for (const secret of SECRETS) expect(rebuilt.includes(secret), secret).toBe(false);
  }, 120_000);
});

const readModelBytes = async (dataDir: string) =>
  Buffer.concat(
    readdirSync(dataDir)
      .filter((f) => f.startsWith('read-models.db'))
      .map((f) => readFileSync(join(dataDir, f))),
  );
