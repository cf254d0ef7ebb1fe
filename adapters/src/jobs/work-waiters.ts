/**
 * The idle workers of one queue instance, waiting in `waitForWork`: each wait ends when its time is up, when the
 * queue wakes its waiters (work arrived), when its own watch finds work, or when its signal aborts.
 */
export class WorkWaiters {
  private readonly waiting = new Set<() => void>();

  /**
   * Waits at most `ms`. `watch`, when given, is started with this wait's own wake-up and a signal that says the
   * wait is over: a queue whose server cannot push work looks for it itself until then.
   */
  wait(
    ms: number,
    signal?: AbortSignal,
    watch?: (wake: () => void, over: AbortSignal) => void,
  ): Promise<void> {
    return new Promise<void>((resolve) => {
      const watching = new AbortController();
      const done = () => {
        clearTimeout(timer);
        watching.abort();
        this.waiting.delete(done);
        // A worker waits thousands of times on one shutdown signal: each wait takes its listener with it.
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      watch?.(done, watching.signal);
      this.waiting.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Ends every wait now. */
  wake(): void {
    for (const done of [...this.waiting]) done();
  }
}

/**
 * How long an idle worker waits: at most `maxWaitMs`, and no longer than until the earliest lease or backoff it
 * knows of runs out (a few milliseconds after, so that it has), even if nothing else wakes it.
 */
export const untilDue = (maxWaitMs: number, dueInMs: readonly number[]): number =>
  Math.max(0, Math.min(maxWaitMs, ...dueInMs.map((ms) => ms + 5)));
