// The embedded stack as `npm start` runs it, each part its own process on one fresh data folder: the built API
// (api/dist/main.js) with no in-process job worker, the job worker (api/src/worker-main.ts) and, when asked, the
// local language model for questions and summaries. The Python speech worker is the caller's (a test starts it
// itself, which is what puts the test in the engines lane of vitest.config.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type LanguageModelProcess,
  launchLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import { type JobWorkerProcess, startJobWorker } from '../../api/test/recordings/support/job-worker-process';
import { type ApiProcess, ensureServerBuild, startApiProcess } from '../../api/test/support/api-process';

export const LOAD_ADMIN = { email: 'load-admin@example.com', password: 'load-admin-password' };

/** A running stack: the URLs the load is sent to (several for API replicas), in turn. */
export interface Stack {
  readonly urls: readonly string[];
  readonly dataDir: string;
  readonly languageModel: boolean;
  /** The last lines each process wrote, for a failure's report. */
  logs(): string;
  stop(): Promise<void>;
}

export const startEmbeddedStack = async (options: {
  readonly speechUrls: readonly string[];
  readonly languageModel: boolean;
  readonly progress: (message: string) => void;
}): Promise<Stack> => {
  ensureServerBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-load-'));
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let llm: LanguageModelProcess | undefined;
    if (options.languageModel) {
      options.progress('starting the language model');
      llm = await launchLanguageModel(180_000);
      const started = llm;
      stops.push(() => started.stop());
    }
    const env: Record<string, string> = {
      SCRIVO_DATA_DIR: dataDir,
      SCRIVO_SPEECH_URL: options.speechUrls[0]!,
      // Production mode's defaults (npm start sets NODE_ENV=production): the load is measured as shipped.
      NODE_ENV: 'production',
      SCRIVO_LLM_ENGINE: llm ? 'local' : 'none',
      ...(llm ? { SCRIVO_LLM_URL: llm.url } : {}),
    };
    options.progress('starting the API');
    const api: ApiProcess = await startApiProcess({
      ...env,
      LOG_LEVEL: 'warn',
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_ADMIN_EMAIL: LOAD_ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: LOAD_ADMIN.password,
      // Sign-ups of many seeded users from one address would hit the per-address limits: documented for load tests.
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    });
    stops.push(() => api.stop());
    // At its default level: its start is known by the line it logs.
    const jobs: JobWorkerProcess = startJobWorker(env);
    stops.push(() => jobs.stop());
    await jobs.started;
    return {
      urls: [api.url],
      dataDir,
      languageModel: llm !== undefined,
      logs: () => `--- API\n${api.log().slice(-5_000)}\n--- job worker\n${jobs.log().slice(-5_000)}`,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
