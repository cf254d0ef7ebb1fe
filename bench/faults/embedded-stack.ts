// The whole product as `npm start` runs it (scripts/start.mjs: API, job worker, speech worker, language model,
// each kept alive by scripts/supervisor.mjs), in a data folder of its own and on free ports, so a fault run
// never meets another install. The processes are the supervisor's own children, found by their command lines.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@scrivo/adapters/testing/free-port';
import { HealthBody } from '@scrivo/contracts';
import { mountSmallDisk } from '../../api/test/support/small-disk';
import type { FaultStack } from './fault-stack';

export const ROOT = resolve(import.meta.dirname, '../..');

/** What the supervisor runs, and how each appears in `ps` (its command line). */
export const PROCESS_KINDS = {
  'job worker': /api\/dist\/worker-main\.js/,
  'speech worker': /-m scrivo_speech\.server/,
  'language model': /(^|\s)server\.mjs(\s|$)/,
  api: /api\/dist\/main\.js/,
} as const;
export type ProcessKind = keyof typeof PROCESS_KINDS;

export const ADMIN = { email: 'faults-ops@example.com', password: 'faults-operator-password' };

const isProcessKind = (kind: string): kind is ProcessKind => kind in PROCESS_KINDS;

export interface EmbeddedStack extends FaultStack {
  readonly logFile: string;
}

const children = (parent: number): { pid: number; args: string }[] =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), args: m[2]! }));

/** Starts `node scripts/start.mjs` and resolves once the API answers and every engine it relies on is up. */
export const startEmbeddedStack = async (
  extraEnv: Record<string, string> = {},
  options: {
    readonly settleMs?: number;
    /** Puts the whole data folder on a real small disk (tmpfs) of this size, so the run can fill it. */
    readonly diskMb?: number;
  } = {},
  log?: (line: string) => void,
): Promise<EmbeddedStack> => {
  log?.(`${new Date().toISOString()} starting the stack as npm start does (scripts/start.mjs)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-faults-'));
  const disk = options.diskMb === undefined ? undefined : mountSmallDisk(dataDir, options.diskMb * 1024);
  // Beside the data folder, not in it: the log must keep being written while that disk is full.
  const logFile = `${dataDir}.log`;
  writeFileSync(logFile, '');
  const [port, speechPort, llmPort] = [await freePort(), await freePort(), await freePort()];
  const env: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    ),
    SCRIVO_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    SCRIVO_SPEECH_PORT: String(speechPort),
    SCRIVO_SPEECH_URL: `http://127.0.0.1:${speechPort}`,
    SCRIVO_LLM_PORT: String(llmPort),
    SCRIVO_LLM_URL: `http://127.0.0.1:${llmPort}`,
    SCRIVO_ADMIN_EMAIL: ADMIN.email,
    SCRIVO_ADMIN_PASSWORD: ADMIN.password,
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
    SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '500',
    SCRIVO_WEBHOOK_FIRST_RETRY_MS: '1000',
    // A killed worker's job is taken over after the lease; short, so the run sees it happen.
    SCRIVO_JOB_LEASE_MS: '5000',
    // An upload the API was killed in is settled (failed, minutes back) within the run, not after 5 minutes.
    SCRIVO_UPLOAD_SETTLE_MS: '10000',
    SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS: '2000',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let supervisorLog = '';
  const append = (chunk: Buffer) => {
    supervisorLog += chunk.toString('utf8');
    appendFileSync(logFile, chunk);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;

  const health = async () => {
    try {
      const answer = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      return { status: answer.status, body: HealthBody.parse(await answer.json()) };
    } catch {
      return { status: 0, body: null };
    }
  };
  // The supervisor's children: a restart shows as a new pid for the kind.
  const pidOf = (kind: string) =>
    child.pid === undefined || !isProcessKind(kind)
      ? undefined
      : children(child.pid).find((c) => PROCESS_KINDS[kind].test(c.args))?.pid;

  const deadline = Date.now() + (options.settleMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start stopped:\n${supervisorLog.slice(-5000)}`);
    const { body } = await health();
    const settled = body !== null && body.engines.every((e) => e.ok || !e.required);
    if (settled && pidOf('job worker') !== undefined) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the stack did not settle:\n${supervisorLog.slice(-5000)}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }

  return {
    url,
    dataDir,
    logFile,
    pidOf,
    health,
    disk,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};

/**
 * Removes the run's data folder and its log (kept when a check failed, for a look at its events and logs); a small
 * disk mounted there is unmounted first (where none is, umount refuses, which is fine).
 */
export const removeDataDir = (dataDir: string): void => {
  spawnSync('umount', ['-l', dataDir], { stdio: 'ignore' });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.log`, { force: true });
};
