import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { stopChildProcess } from './stop-child-process';

const LLM_DIR = resolve(import.meta.dirname, '../../../llm');
export const LLM_MODEL_PATH =
  process.env.SCRIVO_LLM_MODEL ??
  join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
    'scrivo',
    'models',
    'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
  );

/**
 * Whether tests that need the real local model can run: its service's packages (llm/node_modules) and the
 * model file (llm/scripts/setup.sh installs both). Off CI they skip; on CI a missing part is a failure.
 */
export const languageModelInstalled = (): boolean => {
  const ready = existsSync(join(LLM_DIR, 'node_modules', 'node-llama-cpp')) && existsSync(LLM_MODEL_PATH);
  if (!ready && process.env.CI === 'true')
    throw new Error('CI: the local language model is not installed; run bash llm/scripts/setup.sh');
  return ready;
};

export interface LanguageModelProcess {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts llm/server.mjs on a free loopback port (or the one given: a fault run starts it again where it was) and
 * resolves once the model is loaded and it answers: a service of the caller's own, ended by `stop()` (the
 * benchmarks, and a test that must have the model to itself).
 */
export const launchLanguageModel = async (
  timeoutMs = 120_000,
  {
    exitWithParent = false,
    port: asked,
    logFile,
  }: { exitWithParent?: boolean; port?: number; logFile?: string } = {},
): Promise<LanguageModelProcess> => {
  const port = asked ?? (await freePort());
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: LLM_DIR,
    env: {
      ...process.env,
      SCRIVO_LLM_HOST: '127.0.0.1',
      SCRIVO_LLM_PORT: String(port),
      SCRIVO_LLM_MODEL: LLM_MODEL_PATH,
      ...(exitWithParent ? { SCRIVO_LLM_EXIT_WITH_STDIN: '1' } : {}),
    },
    stdio: [exitWithParent ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the language model service exited:\n${log}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the language model service did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () => stopChildProcess(child),
  };
};

let shared: Promise<LanguageModelProcess> | undefined;

/**
 * The language model the test files of one test process share (issue 42: engines started once, not per file).
 * Loading the model takes seconds, and a lane's files run one after another in one process (vitest.config.ts:
 * `isolate: false`), so every file after the first finds it loaded. `stop()` lets go of it without ending it; it
 * ends with the test process, which holds its stdin (a process killed by a signal too). A service found dead (a
 * test that ended it) is started again.
 */
export const startLanguageModel = async (timeoutMs = 120_000): Promise<LanguageModelProcess> => {
  let service = await shared?.catch(() => undefined);
  if (!service || service.process.exitCode !== null || service.process.signalCode !== null) {
    const starting = launchLanguageModel(timeoutMs, { exitWithParent: true }).then((started) => {
      // Neither the service nor its pipes keep a test process alive that has nothing else to do.
      started.process.unref();
      for (const stream of [started.process.stdin, started.process.stdout, started.process.stderr])
        if (stream instanceof Socket) stream.unref();
      return started;
    });
    shared = starting;
    service = await starting;
  }
  return { url: service.url, process: service.process, stop: async () => undefined };
};
