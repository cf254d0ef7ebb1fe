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
import { bodyOf, expectStatus } from '../api/test/support/expect-status';
import type { TestClient } from '../api/test/support/http-client';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

/**
 * What a new user does: a clone of this repository (its last commit) in a folder with no ../shared beside it and
 * no data folder, then `npm start`, sign up, upload, and Ctrl+C. The installs are reused from this checkout (the
 * install steps have their own tests and take minutes); the build, the data folder and everything else are the
 * clone's own.
 */
const ROOT = resolve(import.meta.dirname, '..');
const CALL = sharedAudio('pyannote-sample/sample.wav');
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

/** The shell of a new user: none of the test runner's settings (NODE_ENV=test changes what the API runs). */
const userEnvironment = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );

/** `npm start` in a process group of its own, as a terminal runs it: Ctrl+C is SIGINT to the whole group. */
const npmStart = (cwd: string, env: Record<string, string>): Started => {
  const child = spawn('npm', ['start'], {
    cwd,
    env: { ...userEnvironment(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
};

const waitFor = async (holds: () => Promise<boolean>, timeoutMs: number, what: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
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
      if (run.child.pid && run.child.exitCode === null) {
        try {
          process.kill(-run.child.pid, 'SIGKILL');
        } catch {
          // The group ended between the check and the kill.
        }
      }
    // A process killed just now may still be closing its files in the clone: retry instead of leaving it behind.
    rmSync(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('has no ../shared beside it and no data folder', () => {
    expect(existsSync(join(base, 'shared'))).toBe(false);
    expect(existsSync(join(clone, '.data'))).toBe(false);
  });

  let run: Started;
  let client: TestClient;
  const url = () => `http://127.0.0.1:${env.PORT}`;
  interface HealthBody {
    status: string;
    engines: { name: string; ok: boolean; parts: { part: string; engine: string; degraded?: string }[] }[];
  }
  const health = async () => {
    const answer = await fetch(`${url()}/api/health`).catch(() => null);
    if (!answer) return { code: 0, status: 'unreachable', down: [] };
    const body = (await answer.json()) as { status: string; engines: { name: string; ok: boolean }[] };
    return {
      code: answer.status,
      status: body.status,
      down: body.engines.filter((e) => !e.ok).map((e) => e.name),
    };
  };
  const upload = async () => {
    const form = new FormData();
    form.set('file', new Blob([readFileSync(CALL)], { type: 'application/octet-stream' }), 'call.wav');
    form.set('language', 'en');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    return created.body.id;
  };
  const statusOf = async (id: string) =>
    bodyOf(await client.api.recordings.get({ params: { id } }), 200).status;
  const completed = async (id: string) => {
    await waitFor(
      async () => {
        const status = await statusOf(id);
        if (status === 'failed') throw new Error(`recording ${id} failed`);
        return status === 'completed';
      },
      120_000,
      () => `recording ${id} to complete`,
    );
    return bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).segments;
  };
  /** The pids of the processes in the clone whose command line matches. */
  const pidsOf = (pattern: RegExp): number[] =>
    processesIn(clone)
      .filter((p) => pattern.test(p))
      .map((p) => Number(p.split(' ')[0]));
  const pidOf = (pattern: RegExp): number => {
    const found = pidsOf(pattern);
    expect(found, `one process matching ${String(pattern)}`).toHaveLength(1);
    return found[0]!;
  };

  it('starts with `npm start` and prints the banner: the URL, the outbox command, the engines', async () => {
    run = npmStart(clone, { ...env, SCRIVO_DEFAULT_PLAN: 'business_pro' });
    runs.push(run);
    await waitFor(
      async () => run.output().includes('Scrivo is running: '),
      240_000,
      () => `the banner:\n${run.output()}`,
    );
    expect(run.output()).toContain(`Scrivo is running: http://localhost:${env.PORT}`);
    expect(run.output()).toContain(`ls -t ${join(clone, '.data/outbox')}/*.eml | head -1 | xargs cat`);
    expect(run.output()).toContain('  on   speech model: base');
    expect(await health()).toEqual({ code: 200, status: 'ok', down: [] });
    // The speaker model ships with the code: a clone with no ../shared beside it tells voices apart with CAM++.
    expect(run.output()).toContain('  on   diarizer: campplus');
    const engines = ((await (await fetch(`${url()}/api/health`)).json()) as HealthBody).engines;
    expect(engines.find((e) => e.name === 'speech')?.parts).toContainEqual({
      part: 'diarizer',
      engine: 'campplus',
    });
  }, 300_000);

  it('signs up with the emailed code and transcribes a two-person call with two speakers', async () => {
    client = await signUpOver(url(), join(clone, '.data'), 'ada@example.com');
    const segments = await completed(await upload());
    expect(
      segments
        .map((s) => s.text)
        .join(' ')
        .split(/\s+/).length,
    ).toBeGreaterThan(20);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
  }, 180_000);

  it('brings a speech worker killed mid-transcription back by itself, says degraded meanwhile, and the transcription goes on', async () => {
    const id = await upload();
    await waitFor(
      async () => (await statusOf(id)) === 'transcribing',
      30_000,
      () => 'the transcription to start',
    );
    process.kill(pidOf(/scrivo_speech\.server/), 'SIGKILL');
    const down = await health();
    expect(down).toMatchObject({ code: 503, status: 'degraded', down: ['speech'] });
    expect((await completed(id)).length).toBeGreaterThan(1);
    expect(run.output()).toContain('speech worker exited (SIGKILL); restarting in 1 s (restart 1)');
    await waitFor(
      async () => (await health()).code === 200,
      30_000,
      () => 'health to be ok again',
    );
  }, 180_000);

  it('brings the job worker and the language model back after SIGKILL', async () => {
    const killed = [pidOf(/worker-main\.js/), ...(llmInstalled ? [pidOf(/server\.mjs/)] : [])];
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    await waitFor(
      async () =>
        (await health()).code === 200 &&
        pidsOf(/worker-main\.js/).length === 1 &&
        !killed.includes(pidsOf(/worker-main\.js/)[0]!),
      60_000,
      () => `the engines to come back: ${processesIn(clone).join('\n')}\n${run.output().slice(-5000)}`,
    );
    expect(run.output()).toContain('job worker exited (SIGKILL); restarting in 1 s (restart 1)');
    expect(run.output()).not.toContain('api exited');
    if (llmInstalled)
      expect(run.output()).toContain('language model exited (SIGKILL); restarting in 1 s (restart 1)');
  }, 120_000);

  it('stops every process on Ctrl+C, restarting none', async () => {
    const restartsBefore = run.output().split('restarting').length;
    process.kill(-run.child.pid!, 'SIGINT');
    // npm itself ends on the signal, as in a terminal: what matters is what is left.
    await run.exited;
    expect(run.output()).toContain('stopping');
    expect(run.output().split('restarting').length).toBe(restartsBefore);
    await waitFor(
      async () => processesIn(clone).length === 0,
      5000,
      () => `every process to stop: ${processesIn(clone).join('\n')}`,
    );
  }, 60_000);

  it('refuses HOST=0.0.0.0 without SCRIVO_PUBLIC_URL, saying why, and leaves nothing running', async () => {
    const refused = npmStart(clone, { ...env, HOST: '0.0.0.0' });
    runs.push(refused);
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain(
      'SCRIVO_PUBLIC_URL: is required when HOST=0.0.0.0 listens beyond this machine',
    );
    await waitFor(
      async () => processesIn(clone).length === 0,
      5000,
      () => `every process to stop: ${processesIn(clone).join('\n')}`,
    );
  }, 120_000);
});
