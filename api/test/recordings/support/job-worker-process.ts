import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';

const API_DIR = resolve(import.meta.dirname, '../../..');

export interface JobWorkerProcess {
  readonly process: ChildProcess;
  readonly log: () => string;
  /** Resolves once the worker logged that it started. */
  readonly started: Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the real job worker (api/src/worker-main.ts) as its own process, from source: it uses no decorators, so
 * tsx runs it as the built api/dist/worker-main.js would.
 */
export const startJobWorker = (
  env: Record<string, string>,
  options: { readonly logFile?: string } = {},
): JobWorkerProcess => {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/worker-main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-50_000);
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const started = new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`job worker did not start:\n${log}`)), 60_000);
    const check = () => {
      if (!log.includes('job worker started')) return;
      clearTimeout(timer);
      done();
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`job worker exited with ${code}:\n${log}`));
    });
  });
  started.catch(() => undefined);
  return {
    process: child,
    log: () => log,
    started,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};
