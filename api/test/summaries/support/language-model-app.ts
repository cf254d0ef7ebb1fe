import { type EngineForTests, languageModelForTests } from '@scrivo/adapters/testing/shared-engines';
import { appBeside } from '../../support/app-beside';

/** A server in front of the local model that speaks a hosted engine's protocol (Ollama's, Hugging Face's). */
export interface ModelFront {
  close(): Promise<void>;
}

/**
 * The app of one describe block whose summaries and translations are written by the local language model (the run's
 * shared one: shared-engines.ts), reached
 * through `startFront` (started on the model, stopped before it): language jobs run in process, transcription jobs
 * do not (the tests give their recordings a finished transcript). `env` says which engine the app is set to use.
 */
export const appWithLanguageModel = <Front extends ModelFront>(
  startFront: (llm: EngineForTests) => Promise<Front>,
  env: (started: { llm: EngineForTests; front: Front }) => Record<string, string>,
) =>
  appBeside(
    async () => {
      const llm = await languageModelForTests();
      const front = await startFront(llm).catch(async (failure: unknown) => {
        await llm.stop();
        throw failure;
      });
      return {
        llm,
        front,
        stop: async () => {
          await front.close();
          await llm.stop();
        },
      };
    },
    (started) => ({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
      ...env(started),
    }),
    240_000,
  );
