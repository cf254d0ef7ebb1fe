import { LanguageModelUnavailableError } from '@scrivo/domain';
import { retryWhileEngineIsDown, type WaitForEngineOptions } from '../common/wait-for-engine';

export type WaitForLanguageModelOptions = WaitForEngineOptions;

const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * The model's process is not there (refused, or the connection dropped as it died): worth waiting for. An answer
 * from the engine (a 401 for a wrong token, a 500) is not: it spends attempts as before, so the user hears of it.
 */
export const isEngineOutage = (error: unknown): error is LanguageModelUnavailableError => {
  if (!(error instanceof LanguageModelUnavailableError)) return false;
  for (let cause: unknown = error.cause, depth = 0; cause instanceof Error && depth < 4; depth += 1) {
    if ('code' in cause && CONNECTION_FAILURES.has(String(cause.code))) return true;
    cause = cause.cause;
  }
  return false;
};

/**
 * Runs a language job, and while the language model is unavailable (killed, restarting under `npm start`'s
 * supervisor, still loading) waits and runs it again with backoff (1 s doubling to 15 s) instead of spending an
 * attempt: the job keeps its lease (the worker's heartbeats go on) and goes on once the engine is back. The job
 * starts over, as a summary cut off mid-generation has nothing worth keeping.
 */
export const runWhenLanguageModelAvailable = (
  run: () => Promise<void>,
  options: WaitForLanguageModelOptions,
): Promise<void> => retryWhileEngineIsDown('language model', run, isEngineOutage, options);
