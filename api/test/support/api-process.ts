import { freePort } from '@scrivo/adapters/testing/free-port';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TestClient } from './http-client';
import { latestVerificationCode } from '../accounts/support/outbox';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_PACKAGES = ['domain', 'contracts', 'adapters', 'api'];

const newestSource = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

/**
 * The API as `npm start` runs it (node api/dist/main.js): NestJS needs decorator metadata, which only the SWC
 * build emits. Builds the server workspaces first when a source file is newer than the build (`npm test` has
 * just built them, so this is usually a no-op).
 */
export const ensureServerBuild = (): void => {
  const main = join(ROOT, 'api/dist/main.js');
  const built = existsSync(main) ? statSync(main).mtimeMs : 0;
  const stale = SERVER_PACKAGES.some((pkg) => newestSource(join(ROOT, pkg, 'src')) > built);
  if (stale) execFileSync('node', ['scripts/build.mjs', ...SERVER_PACKAGES], { cwd: ROOT, stdio: 'ignore' });
};

export interface ApiProcess {
  readonly url: string;
  readonly dataDir: string;
  readonly process: ChildProcess;
  readonly log: () => string;
  /** Resolves with the signal that ended the process (SIGKILL when it crashed itself at a crash point). */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  stop(signal?: NodeJS.Signals): Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts the built API in its own process on a free loopback port and waits until it serves requests. With
 * `logFile`, everything it writes to stdout and stderr is also appended to that file, whole.
 */
export const startApiProcess = async (
  env: Record<string, string>,
  options: { readonly logFile?: string } = {},
): Promise<ApiProcess> => {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-100_000);
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.once('exit', (code, signal) => done(signal ?? code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the API exited before serving:\n${log}`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health) break;
    if (Date.now() > deadline) throw new Error(`the API did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir: env.SCRIVO_DATA_DIR ?? '',
    process: child,
    log: () => log,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};

/** Signs up through the HTTP API (code read from the outbox), as the sign-up form does. */
export const signUpOver = async (url: string, dataDir: string, email: string) => {
  const client = new TestClient(url);
  const sent = await client.api.accounts.sendVerification({ body: { email } });
  if (sent.status !== 200) throw new Error(`send-verification: ${sent.status} ${sent.text}`);
  const code = await latestVerificationCode(dataDir, email);
  const verified = await client.api.accounts.verifyEmailCode({ body: { email, code } });
  if (verified.status !== 200) throw new Error(`verify-email-code: ${verified.status} ${verified.text}`);
  const registered = await client.api.accounts.register({
    body: {
      email,
      password: 'secret-pass',
      firstName: 'Ada',
      lastName: 'Lovelace',
      industry: 'Technology & Software',
    },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  return client;
};
