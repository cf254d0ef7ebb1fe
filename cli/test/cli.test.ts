import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../../api/test/support/expect-status';
import { signedInClient } from '../../api/test/support/sessions';
import { appWithSpeechWorker } from '../../api/test/support/speech-app';
import type { TestClient } from '../../api/test/support/http-client';
import { waitUntil } from '../../api/test/support/wait-until';

const ROOT = resolve(import.meta.dirname, '../..');
const JFK = sharedAudio('jfk/jfk.wav');
const work = mkdtempSync(join(tmpdir(), 'scrivo-cli-'));
const configDir = join(work, 'config');

/** The CLI as `npx scrivo` runs it inside the repository, as its own process (so it can be killed). */
const cli = (
  args: readonly string[],
  env: Record<string, string> = {},
): ChildProcess & { output: () => string } => {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'cli/src/main.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, SCRIVO_CONFIG_DIR: configDir, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return Object.assign(child, { output: () => output });
};

const finished = (child: ChildProcess & { output: () => string }) =>
  new Promise<{ code: number | null; output: string }>((done) =>
    child.on('exit', (code) => done({ code, output: child.output() })),
  );

const run = async (args: readonly string[], env?: Record<string, string>) => finished(cli(args, env));

/** A WAV of `copies` times the JFK clip (real speech, 11 s each): long enough to be cut off mid-upload. */
const longClip = (path: string, copies: number) => {
  execFileSync('sox', [...Array<string>(copies).fill(JFK), path]);
  return path;
};

/**
 * A TCP relay between the CLI and the API that stops passing the client's bytes on after `limit` of them, so an
 * upload is reliably cut off in the middle, whatever the speed of the machine; once released it passes everything
 * (the same address for the run that resumes: tus finds an upload by its file and its server's address).
 */
const stallingRelay = async (target: string, limit: number) => {
  let passed = 0;
  let released = false;
  let stalled: () => void = () => undefined;
  const stall = new Promise<void>((r) => (stalled = r));
  const server: Server = createServer((client) => {
    const upstream = connect(Number(new URL(target).port), '127.0.0.1');
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (released) return void upstream.write(chunk);
      if (passed >= limit) return;
      const room = limit - passed;
      upstream.write(room >= chunk.length ? chunk : chunk.subarray(0, room));
      passed += Math.min(room, chunk.length);
      if (passed >= limit) stalled();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stall,
    release: () => (released = true),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

describe.skipIf(!speechWorkerInstalled())('the scrivo command line against a real server', () => {
  const running = appWithSpeechWorker();
  let owner: TestClient;
  let key: string;

  beforeAll(async () => {
    ({ client: owner } = await signedInClient(running.app, { plan: 'business_pro' }));
    const created = await owner.api.apiKeys.create({ body: { name: 'cli', scopes: ['read', 'write'] } });
    expectStatus(created, 201);
    key = created.body.secret;
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const recordings = async () =>
    bodyOf(await owner.api.recordings.list({ query: { pageSize: 100 } }), 200).items;

  it('signs in with a key it checks first, kept readable by the user only', async () => {
    const wrong = await run(['login', '--url', running.app.url, '--key', 'sk_scrivo_wrong']);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/refused[\s\S]*scrivo login/i);
    const right = await run(['login', '--url', running.app.url, '--key', key]);
    expect(right.code, right.output).toBe(0);
    expect(statSync(join(configDir, 'login.json')).mode & 0o777).toBe(0o600);
    expect((await run(['--help'])).output).toContain('watch');
  });

  it('uploads, waits, lists, and exports; an upload killed mid-file resumes where it stopped', async () => {
    const file = longClip(join(work, 'long-talk.wav'), 6);
    const size = statSync(file).size;
    const relay = await stallingRelay(running.app.url, Math.floor(size / 2));
    // Through the relay: half the file arrives, then the CLI is killed, as a dropped laptop lid would.
    const first = cli(['upload', file, '--chunk-size', String(64 * 1024)], {
      SCRIVO_URL: relay.url,
      SCRIVO_API_KEY: key,
    });
    await relay.stall;
    await waitUntil('the server holds part of the file', async () =>
      (await recordings()).some((r) => r.title === 'long talk' && r.status === 'uploading'),
    );
    first.kill('SIGKILL');
    await finished(first);
    relay.release();
    const second = await run(['upload', file, '--wait', '--chunk-size', String(64 * 1024)], {
      SCRIVO_URL: relay.url,
      SCRIVO_API_KEY: key,
    }).finally(relay.close);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/long-talk\.wav: completed/);
    const talks = (await recordings()).filter((r) => r.title === 'long talk');
    expect(talks).toHaveLength(1);
    expect(talks[0]!.status).toBe('completed');

    const env = { SCRIVO_URL: running.app.url, SCRIVO_API_KEY: key };
    const listed = await run(['list'], env);
    expect(listed.output).toContain(talks[0]!.id);
    const srt = join(work, 'talk.srt');
    const exported = await run(['export', talks[0]!.id, '--format', 'srt', '-o', srt], env);
    expect(exported.code, exported.output).toBe(0);
    const subtitles = readFileSync(srt, 'utf8');
    expect(subtitles).toMatch(/^1\r?\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}/);
    expect(subtitles).toMatch(/country/i);
    const missing = await run(['export', 'no-such-id', '--format', 'txt'], env);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/no-such-id/);
  }, 600_000);

  it("sends an upload's own terms, context and range of speakers with it", async () => {
    const file = longClip(join(work, 'standup.wav'), 1);
    const env = { SCRIVO_URL: running.app.url, SCRIVO_API_KEY: key };
    const sent = await run(
      [
        'upload',
        file,
        '--terms',
        'Scrivo, Kubernetes',
        '--context',
        'Weekly sync of the payments team',
        '--min-speakers',
        '2',
        '--max-speakers',
        '3',
      ],
      env,
    );
    expect(sent.code, sent.output).toBe(0);
    const id = /uploaded as (\S+)/.exec(sent.output)?.[1];
    const recording = bodyOf(await owner.api.recordings.get({ params: { id: String(id) } }), 200);
    expect(recording.options).toMatchObject({
      speakers: { min: 2, max: 3 },
      vocabulary: { terms: ['Scrivo', 'Kubernetes'], context: 'Weekly sync of the payments team' },
    });
    const refused = await run(['upload', file, '--min-speakers', '4', '--max-speakers', '2'], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/minSpeakers/);
  }, 300_000);

  it('watches a folder: each file uploaded once and exported, across a kill and a restart', async () => {
    const inbox = join(work, 'inbox');
    const out = join(work, 'out');
    mkdirSync(inbox);
    copyFileSync(JFK, join(inbox, 'first.wav'));
    copyFileSync(JFK, join(inbox, 'second.wav'));
    // The third is still being written: it grows for a few seconds before it is whole.
    const whole = readFileSync(JFK);
    writeFileSync(join(inbox, 'third.wav'), whole.subarray(0, 1000));
    let written = 1000;
    const writer = setInterval(() => {
      const next = Math.min(whole.length, written + Math.ceil(whole.length / 8));
      appendFileSync(join(inbox, 'third.wav'), whole.subarray(written, next));
      written = next;
      if (written >= whole.length) clearInterval(writer);
    }, 500);
    const args = ['watch', inbox, '--to', out, '--export', 'srt,txt', '--interval', '1', '--settle', '2'];
    const env = { SCRIVO_URL: running.app.url, SCRIVO_API_KEY: key };
    const watcher = cli(args, env);
    await waitUntil(
      'the watcher uploaded a file',
      async () => watcher.output().includes('uploaded as'),
      60_000,
    );
    watcher.kill('SIGKILL');
    const again = cli(args, env);
    await waitUntil(
      'every export is written',
      async () =>
        ['first', 'second', 'third'].every(
          (n) => existsSync(join(out, `${n}.srt`)) && existsSync(join(out, `${n}.txt`)),
        ),
      240_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}\nfirst watcher:\n${watcher.output()}\nsecond watcher:\n${again.output()}`,
      );
    });
    again.kill('SIGINT');
    expect((await finished(again)).output).toContain('stopped');
    clearInterval(writer);
    for (const name of ['first', 'second', 'third'])
      expect(
        (await recordings()).filter((r) => r.title === name),
        name,
      ).toHaveLength(1);
    expect(readFileSync(join(out, 'third.txt'), 'utf8')).toMatch(/country/i);
  }, 600_000);
});
