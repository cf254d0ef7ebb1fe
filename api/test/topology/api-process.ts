import { freePort } from '@scrivo/adapters/testing/free-port';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const API_DIR = resolve(import.meta.dirname, '../..');
export const API_MAIN = resolve(API_DIR, 'dist/main.js');
export const apiBuilt = () => existsSync(API_MAIN);

export interface ApiProcess {
  readonly name: string;
  readonly url: string;
  readonly process: ChildProcess;
  readonly log: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the built API (api/dist/main.js, what `npm start` and the production image run) as its own process on
 * 127.0.0.1 and resolves once it listens. NestJS needs decorator metadata, so this runs the build, not tsx.
 */
export const startApiProcess = async (name: string, env: Record<string, string>): Promise<ApiProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-50_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status > 0,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} did not listen within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    url,
    process: child,
    log: () => log,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};
