import { inject } from 'vitest';
import { startLanguageModel } from '../language-models/language-model-process';
import { startSpeechWorker } from '../speech/speech-worker-process';

/** The engines one vitest run starts once and shares between its test files (engines.global-setup.ts). */
export type SharedEngine = 'speech' | 'language-model';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the broker that starts and hands out the shared engines (engines.global-setup.ts). */
    scrivoSharedEngines?: string;
  }
}

/** An engine a test file talks to over HTTP; `stop` ends it only when the file started it itself. */
export interface EngineForTests {
  readonly url: string;
  /** True when other test files use it too: the file must not stop, restart or reconfigure it. */
  readonly shared: boolean;
  stop(): Promise<void>;
}

const fromBroker = async (name: SharedEngine): Promise<EngineForTests | null> => {
  const broker = inject('scrivoSharedEngines');
  if (!broker) return null;
  const response = await fetch(`${broker}/${name}`);
  const body = (await response.json()) as { url?: string; error?: string };
  if (!response.ok || !body.url) throw new Error(`the shared ${name} engine did not start: ${body.error}`);
  return { url: body.url, shared: true, stop: async () => undefined };
};

/**
 * The real speech worker for a test file that only sends it audio: the run's shared one (started by the first
 * file that asks), or one of its own when the file runs outside vitest's config. A test that kills, stops,
 * restarts, reconfigures or watches the worker itself (its log, its queue, its memory) starts its own with
 * startSpeechWorker instead.
 */
export const speechWorkerForTests = async (): Promise<EngineForTests> =>
  (await fromBroker('speech')) ?? { ...(await startSpeechWorker()), shared: false };

/**
 * The local language model service (llm/server.mjs) for a test file that only asks it for answers: the run's shared
 * one, or one of its own outside vitest's config. A test that stops it or measures its process starts its own with
 * startLanguageModel instead.
 */
export const languageModelForTests = async (): Promise<EngineForTests> =>
  (await fromBroker('language-model')) ?? { ...(await startLanguageModel()), shared: false };
