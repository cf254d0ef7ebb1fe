import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@scrivo/adapters/testing/free-port';
import { signUpOver } from '../api/test/support/api-process';

/**
 * What a new user does: a clone of this repository (its last commit) in a folder with no ../shared beside it and
 * no data folder, then `npm start`, sign up, upload, and Ctrl+C. The installs are reused from this checkout (the
 * install steps have their own tests and take minutes); the build, the data folder and everything else are the
 * clone's own.
 */
const ROOT = resolve(import.meta.dirname, '..');
const CALL = join(ROOT, '../shared/audio/pyannote-sample/sample.wav');
const VENV = join(ROOT, 'worker/.venv');
const WORKSPACES = ['domain', 'contracts', 'adapters', 'api', 'web', 'widget'];
const ready =
  existsSync(join(ROOT, 'node_modules/.package-lock.json')) && existsSync(VENV) && existsSync(CALL);
// Without the language model installed here, the clone would install it (into this checkout's llm/node_modules,
// through the link): it is left off instead, and the banner says so.
const LLM_MODEL =
  process.env.SCRIVO_LLM_MODEL ??
  join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
    'scrivo/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
  );
const llmInstalled = existsSync(join(ROOT, 'llm/node_modules/node-llama-cpp')) && existsSync(LLM_MODEL);

/** node_modules of the clone: this checkout's packages, but its own workspaces (@scrivo/* point into the clone). */
const linkInstalls = (clone: string) => {
  const modules = join(clone, 'node_modules');
  mkdirSync(join(modules, '@scrivo'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@scrivo') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const entry of readdirSync(join(ROOT, 'node_modules/@scrivo'))) {
    const target = readlinkSync(join(ROOT, 'node_modules/@scrivo', entry));
    symlinkSync(target, join(modules, '@scrivo', entry));
  }
  for (const workspace of WORKSPACES) {
    const own = join(ROOT, workspace, 'node_modules');
    if (existsSync(own)) symlinkSync(own, join(clone, workspace, 'node_modules'));
  }
  symlinkSync(realpathSync(VENV), join(clone, 'worker/.venv'));
  if (existsSync(join(ROOT, 'llm/node_modules')))
    symlinkSync(join(ROOT, 'llm/node_modules'), join(clone, 'llm/node_modules'));
};

/** Every process whose working folder is inside the clone: what Ctrl+C must have stopped. */
const processesIn = (folder: string): string[] =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        if (!cwd.startsWith(folder)) return [];
        return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`];
      } catch {
        return [];
      }
    });

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** `npm start` in a process group of its own, as a terminal runs it: Ctrl+C is SIGINT to the whole group. */
const npmStart = (cwd: string, env: Record<string, string>): Started => {
  const child = spawn('npm', ['start'], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
};

const waitFor = async (holds: () => boolean, timeoutMs: number, what: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};

describe.skipIf(!ready)('a fresh clone, as a new user starts it', () => {
  const base = mkdtempSync(join(tmpdir(), 'scrivo-clone-'));
  const clone = join(base, 'scrivo');
  let env: Record<string, string>;
  const runs: Started[] = [];

  beforeAll(async () => {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
    linkInstalls(clone);
    const [port, speechPort, llmPort] = [await freePort(), await freePort(), await freePort()];
    // Ports of their own: a developer's `npm start` may hold the default ones.
    env = {
      PORT: String(port),
      SCRIVO_SPEECH_PORT: String(speechPort),
      SCRIVO_LLM_PORT: String(llmPort),
      SCRIVO_LLM_URL: `http://127.0.0.1:${llmPort}`,
      ...(llmInstalled ? {} : { SCRIVO_LLM_ENGINE: 'none' }),
    };
  }, 60_000);
  afterAll(() => {
    // A failed test may leave one running: the whole group goes, children included.
    for (const run of runs)
      if (run.child.pid && run.child.exitCode === null) process.kill(-run.child.pid, 'SIGKILL');
    rmSync(base, { recursive: true, force: true });
  });

  it('has no ../shared beside it and no data folder', () => {
    expect(existsSync(join(base, 'shared'))).toBe(false);
    expect(existsSync(join(clone, '.data'))).toBe(false);
  });

  it('starts with `npm start`, transcribes a two-person call with speaker labels, and stops every process on Ctrl+C', async () => {
    const run = npmStart(clone, { ...env, SCRIVO_DEFAULT_PLAN: 'business_pro' });
    runs.push(run);
    await waitFor(
      () => run.output().includes('Scrivo is running: '),
      240_000,
      () => `the banner:\n${run.output()}`,
    );
    expect(run.output()).toContain(`ls -t ${join(clone, '.data/outbox')}/*.eml | head -1 | xargs cat`);

    const url = `http://127.0.0.1:${env.PORT}`;
    const client = await signUpOver(url, join(clone, '.data'), 'ada@example.com');
    const form = new FormData();
    form.set('file', new Blob([readFileSync(CALL)], { type: 'application/octet-stream' }), 'call.wav');
    form.set('language', 'en');
    const created = await client.post('/api/recordings', form);
    expect(created.status, created.text).toBe(201);
    const id = String(created.body.id);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { body } = await client.get(`/api/recordings/${id}`);
      if (body.status === 'completed') break;
      if (body.status === 'failed' || Date.now() > deadline)
        throw new Error(`recording ${String(body.status)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const transcript = await client.get(`/api/recordings/${id}/transcript`);
    const segments = transcript.body.segments as { text: string; speaker: string | null }[];
    expect(
      segments
        .map((s) => s.text)
        .join(' ')
        .split(/\s+/).length,
    ).toBeGreaterThan(20);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));

    process.kill(-run.child.pid!, 'SIGINT');
    // npm itself ends on the signal, as in a terminal; what matters is that nothing it started is left, and that
    // nothing was started again on the way out.
    await run.exited;
    expect(run.output()).toContain('stopping');
    expect(run.output()).not.toContain('restarting');
    await waitFor(
      () => processesIn(clone).length === 0,
      5000,
      () => `every process to stop: ${processesIn(clone).join('\n')}`,
    );
  }, 420_000);

  it('refuses HOST=0.0.0.0 without SCRIVO_PUBLIC_URL, saying why, and leaves nothing running', async () => {
    const refused = npmStart(clone, { ...env, HOST: '0.0.0.0' });
    runs.push(refused);
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain(
      'SCRIVO_PUBLIC_URL: is required when HOST=0.0.0.0 listens beyond this machine',
    );
    await waitFor(
      () => processesIn(clone).length === 0,
      5000,
      () => `every process to stop: ${processesIn(clone).join('\n')}`,
    );
  }, 120_000);
});
