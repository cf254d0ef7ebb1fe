import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Starts llm/server.mjs on a free loopback port and resolves once the model is loaded and it answers. */
export const startLanguageModel = async (timeoutMs = 120_000): Promise<LanguageModelProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: LLM_DIR,
    env: {
      ...process.env,
      SCRIVO_LLM_HOST: '127.0.0.1',
      SCRIVO_LLM_PORT: String(port),
      SCRIVO_LLM_MODEL: LLM_MODEL_PATH,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
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
