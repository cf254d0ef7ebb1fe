import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { stopChildProcess } from './stop-child-process';

export interface SpeechWorkerProcess {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

const WORKER_DIR = resolve(import.meta.dirname, '../../../worker');
/** SCRIVO_SPEECH_PYTHON points tests at another interpreter with the worker's requirements (a private venv). */
export const SPEECH_WORKER_PYTHON =
  process.env.SCRIVO_SPEECH_PYTHON ?? join(WORKER_DIR, '.venv', 'bin', 'python');
/**
 * Whether tests that need the real speech worker can run. Off CI a missing worker/.venv skips them (a developer
 * who never ran `bash worker/scripts/setup.sh`); on CI it is an installation failure and must not pass silently.
 */
export const speechWorkerInstalled = (): boolean => {
  if (existsSync(SPEECH_WORKER_PYTHON)) return true;
  if (process.env.CI === 'true')
    throw new Error(
      `CI: the speech worker is not installed (${SPEECH_WORKER_PYTHON}); run worker/scripts/setup.sh`,
    );
  return false;
};

/**
 * Starts the real Python speech worker on a free port and resolves once its model is loaded. The model copy
 * lives in one shared cache directory, so only the first start pays for it.
 */
export const startSpeechWorker = async (
  env: Record<string, string> = {},
  timeoutMs = 180_000,
  options: { readonly logFile?: string } = {},
): Promise<SpeechWorkerProcess> => {
  const dataDir = process.env.SCRIVO_SPEECH_TEST_DATA ?? join(tmpdir(), 'scrivo-speech-test-data');
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(SPEECH_WORKER_PYTHON, ['-m', 'scrivo_speech.server'], {
    cwd: WORKER_DIR,
    env: {
      ...process.env,
      SCRIVO_SPEECH_HOST: '127.0.0.1',
      SCRIVO_SPEECH_PORT: '0',
      SCRIVO_DATA_DIR: dataDir,
      HF_HUB_OFFLINE: '1',
      // This checkout's worker code, whatever the venv's own path file points at (a venv shared by checkouts).
      PYTHONPATH: [WORKER_DIR, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`speech worker did not start:\n${log}`)), timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      log = (log + chunk).slice(-20_000);
      if (options.logFile) appendFileSync(options.logFile, chunk);
      const match = /"event": "listening".*?"url": "([^"]+)"/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolvePort(match[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`speech worker exited with ${code}:\n${log}`));
    });
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await fetch(`${url}/health`).then(
      (r) => r.json() as Promise<{ status: string; error?: string }>,
      () => ({ status: 'loading' }) as { status: string; error?: string },
    );
    if (health.status === 'ok') break;
    if (health.status === 'error') throw new Error(`speech worker failed to load its model: ${health.error}`);
    if (Date.now() > deadline) throw new Error('speech worker model did not load in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () => stopChildProcess(child),
  };
};
