import { startSpeechWorker } from '@scrivo/adapters/speech/speech-worker-process';
import { type EngineForTests, speechWorkerForTests } from '@scrivo/adapters/testing/shared-engines';
import { appBeside } from './app-beside';

/**
 * The app of one describe block transcribing with the real speech worker: its jobs run in process, so an upload is
 * transcribed without a separate job worker. `env` adds to (or changes) those settings. The worker is the run's
 * shared one, or with `ownWorker` one started for this block (a test that reads the worker's own state, its queue).
 */
export const appWithSpeechWorker = (
  env: (speech: EngineForTests) => Record<string, string> = () => ({}),
  timeoutMs?: number,
  { ownWorker = false }: { readonly ownWorker?: boolean } = {},
) =>
  appBeside(
    async (): Promise<EngineForTests> =>
      ownWorker ? { ...(await startSpeechWorker()), shared: false } : speechWorkerForTests(),
    (speech) => ({ SCRIVO_SPEECH_URL: speech.url, SCRIVO_IN_PROCESS_JOB_WORKER: 'true', ...env(speech) }),
    timeoutMs,
  );
