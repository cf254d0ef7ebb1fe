import { freePort } from './free-port';
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real MinIO, FerretDB and stripe-mock servers that tools/install-servers.sh builds from the Go module proxy, started on
 * 127.0.0.1 for the adapters' conformance suites. Off CI a missing binary skips those suites with the reason;
 * on CI it is an installation failure.
 */
const SERVERS_BIN = process.env.SCRIVO_SERVERS_BIN ?? join(homedir(), '.cache', 'scrivo', 'servers');

export type RealServer = 'minio' | 'ferretdb' | 'stripe-mock';

export const serverBinary = (name: RealServer): string | null => {
  const path = join(SERVERS_BIN, name);
  if (existsSync(path)) return path;
  if (process.env.CI === 'true')
    throw new Error(`CI: ${name} is not built (${path}); run tools/install-servers.sh`);
  return null;
};

export const notBuiltReason = (name: RealServer) =>
  `${name} is not built here: run tools/install-servers.sh (needs Go)`;

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Whether something listens on the loopback port (a server is up once it does). */
export const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const run = async (
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  directory: string,
  logFile?: string,
): Promise<ChildProcess> => {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-10_000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const deadline = Date.now() + 30_000;
  while (!(await ready())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
      throw new Error(`${name} did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
};

const stopper = (child: ChildProcess, directory: string) => async () => {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(directory, { recursive: true, force: true });
};

export const MINIO_KEYS = { accessKey: 'scrivo-test', secretKey: 'scrivo-test-secret' } as const;

/** A real MinIO server on a fresh directory; resolves once it reports itself live. */
export const startMinio = async (
  binary: string,
  options: { readonly logFile?: string } = {},
): Promise<RunningServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'scrivo-minio-'));
  const port = await freePort();
  const console = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await run(
    'minio',
    binary,
    [
      'server',
      directory,
      '--address',
      `127.0.0.1:${port}`,
      '--console-address',
      `127.0.0.1:${console}`,
      '--quiet',
    ],
    {
      MINIO_ROOT_USER: MINIO_KEYS.accessKey,
      MINIO_ROOT_PASSWORD: MINIO_KEYS.secretKey,
      MINIO_BROWSER: 'off',
      MINIO_UPDATE: 'off',
    },
    () =>
      fetch(`${url}/minio/health/live`).then(
        (r) => r.ok,
        () => false,
      ),
    directory,
    options.logFile,
  );
  return { url, stop: stopper(child, directory) };
};

/**
 * FerretDB (the MongoDB wire protocol) on a fresh directory (SQLite), or on a PostgreSQL database when `postgresql`
 * names one; resolves once it accepts connections.
 */
export const startFerretDb = async (
  binary: string,
  options: { readonly postgresql?: string; readonly logFile?: string } = {},
): Promise<RunningServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'scrivo-ferretdb-'));
  const port = await freePort();
  const backend = options.postgresql ? ['-postgresql', options.postgresql] : ['-dir', directory];
  const child = await run(
    'ferretdb',
    binary,
    ['-listen', `127.0.0.1:${port}`, ...backend],
    {},
    () => accepts(port),
    directory,
    options.logFile,
  );
  return { url: `mongodb://127.0.0.1:${port}/`, stop: stopper(child, directory) };
};

/**
 * stripe-mock (Stripe's official API mock) on 127.0.0.1 only (`-http-addr`, not `-http-port`, which binds every
 * interface). It answers every API call with the spec's fixtures; it keeps no state and sends no webhooks.
 */
export const startStripeMock = async (binary: string): Promise<RunningServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'scrivo-stripe-mock-'));
  const port = await freePort();
  const child = await run(
    'stripe-mock',
    binary,
    ['-http-addr', `127.0.0.1:${port}`],
    {},
    () => accepts(port),
    directory,
  );
  return { url: `http://127.0.0.1:${port}`, stop: stopper(child, directory) };
};
