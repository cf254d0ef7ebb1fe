import type { WorkerLogger } from '../jobs/worker-logger';

export interface WaitForEngineOptions {
  /** Stops the wait (cancel, lost lease, shutdown): the last unavailability error is thrown. */
  readonly signal: AbortSignal;
  /** Give up (and let the job spend an attempt) after the engine has been unavailable this long. */
  readonly maxWaitMs: number;
  readonly logger: WorkerLogger;
  readonly context: object;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/**
 * Runs `attempt`, and while it fails because an engine is not there (`isOutage`: stopped, restarting under a
 * supervisor, still loading) waits and runs it again with backoff (1 s doubling to 15 s) instead of failing: a job
 * keeps its lease (its heartbeats go on) and spends no attempt, and goes on once the engine is back. Any other
 * failure is thrown at once.
 */
export const retryWhileEngineIsDown = async <T>(
  engine: string,
  attempt: () => Promise<T>,
  isOutage: (error: unknown) => error is Error,
  options: WaitForEngineOptions,
): Promise<T> => {
  const since = Date.now();
  for (let delay = 1000; ; delay = Math.min(15_000, delay * 2)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isOutage(error)) throw error;
      if (options.signal.aborted || Date.now() - since + delay > options.maxWaitMs) throw error;
      options.logger.warn(
        { ...options.context, err: error.message, retryInMs: delay },
        `${engine} unavailable: waiting for it`,
      );
      await sleep(delay, options.signal);
      if (options.signal.aborted) throw error;
    }
  }
};
