import {
  type LanguageModelProcess,
  startLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import { appBeside } from '../../support/app-beside';

/** A server in front of the local model that speaks a hosted engine's protocol (Ollama's, Hugging Face's). */
export interface ModelFront {
  close(): Promise<void>;
}

/**
 * The app of one describe block whose summaries and translations are written by the local language model, reached
 * through `startFront` (started on the model, stopped before it): language jobs run in process, transcription jobs
 * do not (the tests give their recordings a finished transcript). `env` says which engine the app is set to use.
 */
export const appWithLanguageModel = <Front extends ModelFront>(
  startFront: (llm: LanguageModelProcess) => Promise<Front>,
  env: (started: { llm: LanguageModelProcess; front: Front }) => Record<string, string>,
) =>
  appBeside(
    async () => {
      const llm = await startLanguageModel();
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
