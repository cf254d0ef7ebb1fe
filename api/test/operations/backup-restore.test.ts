import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { transcribedBeside } from '../recordings/support/worker-beside';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { bodyOf, expectStatus } from '../support/expect-status';

const ROOT = resolve(import.meta.dirname, '../../..');
const PEOPLE = ['ada.backup@example.com', 'grace.backup@example.com'];

const script = (name: 'backup' | 'restore', args: string[], dataDir: string) =>
  spawnSync(process.execPath, [`scripts/${name}.mjs`, ...args], {
    cwd: ROOT,
    env: { ...process.env, SCRIVO_DATA_DIR: dataDir },
    encoding: 'utf8',
  });

/** The same, without blocking this process: the API's clients go on while it runs. */
const scriptRunning = (name: 'backup', args: string[], dataDir: string) =>
  new Promise<{ status: number | null; output: string }>((done) => {
    const child = spawn(process.execPath, [`scripts/${name}.mjs`, ...args], {
      cwd: ROOT,
      env: { ...process.env, SCRIVO_DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (status) => done({ status, output }));
  });

const upload = async (client: TestClient, title: string) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
  form.set('title', title);
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  return created.body.id as string;
};

/** What a person sees of their account: library, recordings, transcripts with versions, comments. */
const viewOf = async (client: TestClient, only?: ReadonlySet<string>) => {
  const list = bodyOf(await client.api.recordings.list({ query: { pageSize: 100 } }), 200).items as {
    id: string;
    title: string;
  }[];
  const recordings = [];
  for (const { id, title } of list
    .filter((r) => !only || only.has(r.id))
    .sort((a, b) => a.id.localeCompare(b.id))) {
    const transcript = await client.api.recordings.transcript({ params: { id } });
    const annotations = await client.api.recordings.annotations({ params: { id } });
    recordings.push({
      id,
      title,
      transcript: transcript.status === 200 ? transcript.body : transcript.status,
      annotations: annotations.body,
    });
  }
  const library = (await client.api.library.get()).body as { folders: unknown[] };
  return { recordings, folders: library.folders };
};

const minutesUsed = async (client: TestClient) =>
  ((await client.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed;

/**
 * `npm run backup` of a running embedded install while people upload, then `npm run restore` into a fresh folder:
 * the install started there shows each account as it was (docs/operations.md "Backups").
 */
describe('backup and restore of an embedded install', () => {
  const source = mkdtempSync(join(tmpdir(), 'scrivo-backup-source-'));
  const backupDir = join(mkdtempSync(join(tmpdir(), 'scrivo-backup-')), 'copy');
  const restored = mkdtempSync(join(tmpdir(), 'scrivo-backup-restored-'));
  const env = (dataDir: string) => ({
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    SCRIVO_DEFAULT_PLAN: 'business_pro',
  });
  let api: ApiProcess | null = null;
  beforeAll(() => ensureServerBuild(), 240_000);
  afterAll(async () => {
    await api?.stop();
    for (const dir of [source, resolve(backupDir, '..'), restored])
      rmSync(dir, { recursive: true, force: true });
  });

  it('restores every account as it was: library, transcripts and their versions, comments, usage', async () => {
    api = await startApiProcess(env(source));
    const clients: TestClient[] = [];
    for (const [n, email] of PEOPLE.entries()) {
      const client = await signUpOver(api.url, source, email);
      clients.push(client);
      expect((await client.api.library.createFolder({ body: { name: `Folder of ${n}` } })).status).toBe(201);
      for (const title of [`Talk ${n}a`, `Talk ${n}b`]) {
        const id = await upload(client, title);
        await transcribedBeside(source, id, { text: `words of ${title}`, word: title, speaker: 'Speaker 1' });
        const edited = await client.api.recordings.editTranscript({
          params: { id },
          body: {
            version: 1,
            segments: [{ index: 0, text: `edited words of ${title}` }],
          },
        });
        expectStatus(edited, 200);
        const comment = await client.api.recordings.addAnnotation({
          params: { id },
          body: {
            kind: 'comment',
            start: 0,
            end: 1,
            comment: `note on ${title}`,
          },
        });
        expectStatus(comment, 201);
      }
    }
    const before = await Promise.all(clients.map((c) => viewOf(c)));
    const usedBefore = await Promise.all(clients.map(minutesUsed));
    const kept = new Set(before.flatMap((v) => v.recordings.map((r) => r.id)));

    // People go on uploading while the backup runs.
    let uploading = true;
    let during = 0;
    const busy = (async () => {
      for (; uploading; during += 1)
        await upload(clients[during % clients.length]!, `During backup ${during}`);
    })();
    const backup = await scriptRunning('backup', [backupDir], source);
    uploading = false;
    await busy;
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/keep it apart/);
    expect(during, 'uploads made while the backup ran').toBeGreaterThan(0);
    const usedAfter = await Promise.all(clients.map(minutesUsed));
    expect(statSync(join(backupDir, 'keys')).mode & 0o777).toBe(0o700);

    // Restore refuses a folder that holds data, then fills an empty one.
    expect(script('restore', [backupDir], source).status).not.toBe(0);
    const restore = script('restore', [backupDir], restored);
    expect(restore.status, restore.stderr + restore.stdout).toBe(0);
    await api.stop();
    api = await startApiProcess(env(restored));
    for (const [n, email] of PEOPLE.entries()) {
      const client = new TestClient(api.url);
      expect((await client.api.accounts.login({ body: { email, password: 'secret-pass' } })).status).toBe(
        200,
      );
      const after = await viewOf(client, kept);
      expect(after).toEqual(before[n]);
      // The minutes of the uploads made while it ran: some, all or none of them, as the snapshot fell.
      const used = await minutesUsed(client);
      expect(used).toBeGreaterThanOrEqual(usedBefore[n]!);
      expect(used).toBeLessThanOrEqual(usedAfter[n]!);
      // Each version of the edited transcript came back too: it is at version 2, the edit on version 1.
      for (const recording of after.recordings) expect(recording.transcript).toMatchObject({ version: 2 });
    }
  }, 300_000);

  it('refuses a backup whose files changed since it was made', () => {
    const broken = mkdtempSync(join(tmpdir(), 'scrivo-backup-broken-'));
    try {
      spawnSync('sh', ['-c', `echo tampered >> "${join(backupDir, 'events.db')}"`]);
      const restore = script('restore', [backupDir], broken);
      expect(restore.status).not.toBe(0);
      expect(restore.stderr + restore.stdout).toMatch(/events\.db is not as it was backed up/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
