// FerretDB and MinIO for fault tests: killed with kill -9 and started again on the same port and the same folder,
// so the data they held is there after the restart (the servers of real-servers.ts take a fresh folder at each
// start, for isolation).
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { accepts, MINIO_KEYS, type RealServer, serverBinary } from './real-servers';

export interface RestartableServer {
  readonly url: string;
  readonly pid: number | undefined;
  /** kill -9, and resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again (same port, same folder) and resolves once it accepts connections. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const restartable = async (
  name: RealServer,
  args: (dir: string, port: number) => string[],
  env: Record<string, string>,
  url: (port: number) => string,
  logFile?: string,
): Promise<RestartableServer> => {
  const binary = serverBinary(name);
  if (!binary) throw new Error(`${name} is not built: run tools/install-servers.sh`);
  const dir = mkdtempSync(join(tmpdir(), `scrivo-faults-${name}-`));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    // Each start appends to the same log, so a restart's first lines follow the kill's last ones.
    const log = logFile ? openSync(logFile, 'a') : 'ignore';
    const started = spawn(binary, args(dir, port), {
      env: { ...process.env, ...env },
      stdio: ['ignore', log, log],
    });
    if (typeof log === 'number') closeSync(log);
    child = started;
    const deadline = Date.now() + 30_000;
    while (!(await accepts(port))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await start();
  return {
    url: url(port),
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    start,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** On SQLite files of its own folder, or on the PostgreSQL database `postgresql` names (which outlives its kills). */
export const startRestartableFerretDb = (
  options: { readonly postgresql?: string; readonly logFile?: string } = {},
) =>
  restartable(
    'ferretdb',
    (dir, port) => [
      '-listen',
      `127.0.0.1:${port}`,
      ...(options.postgresql ? ['-postgresql', options.postgresql] : ['-dir', dir]),
    ],
    {},
    (port) => `mongodb://127.0.0.1:${port}/`,
    options.logFile,
  );

export const startRestartableMinio = async (options: { readonly logFile?: string } = {}) => {
  const consolePort = await freePort();
  return restartable(
    'minio',
    (dir, port) => [
      'server',
      dir,
      '--address',
      `127.0.0.1:${port}`,
      '--console-address',
      `127.0.0.1:${consolePort}`,
      '--quiet',
    ],
    {
      MINIO_ROOT_USER: MINIO_KEYS.accessKey,
      MINIO_ROOT_PASSWORD: MINIO_KEYS.secretKey,
      MINIO_BROWSER: 'off',
      MINIO_UPDATE: 'off',
    },
    (port) => `http://127.0.0.1:${port}`,
    options.logFile,
  );
};
