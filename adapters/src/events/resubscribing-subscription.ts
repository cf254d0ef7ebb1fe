import type { RecordedEvent, SubscribeToAllOptions, Subscription } from '@scrivo/domain';

/** One server subscription: its events (with whether more are buffered behind each) and a way to end it. */
export interface ServerSubscription {
  readonly events: AsyncIterable<{ event: RecordedEvent | null; more: boolean }>;
  close(): Promise<void>;
}

export interface ResubscribeOptions {
  /** First wait after a dropped connection; doubles up to `maxDelayMs`, and starts again after an event. */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Told of every drop, for logs. */
  readonly onDrop?: (error: unknown, attempt: number) => void;
}

class HandlerFailed {
  constructor(readonly error: unknown) {}
}

/**
 * A subscription to a server (EventStoreDB) that survives the connection: when the server subscription fails
 * (a restart, a network cut, a leader change), it opens a new one from the last event handled, after a backoff,
 * so nothing is skipped and nothing is handled twice. Only a failing handler stops it, reported through onError,
 * as on every other store.
 */
export const resubscribing = (
  open: (after: number) => ServerSubscription,
  options: SubscribeToAllOptions,
  retry: ResubscribeOptions = {},
): Subscription => {
  const initialDelayMs = retry.initialDelayMs ?? 200;
  const maxDelayMs = retry.maxDelayMs ?? 10_000;
  let position = options.after ?? -1;
  let stopped = false;
  let current: ServerSubscription | null = null;
  let wake: () => void = () => undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let attempt = 0;
    while (!stopped) {
      current = open(position);
      try {
        for await (const { event, more } of current.events) {
          if (stopped) return;
          attempt = 0;
          if (!event || event.globalPosition <= position) continue;
          try {
            await options.onEvent(event, more);
          } catch (error) {
            throw new HandlerFailed(error);
          }
          position = event.globalPosition;
        }
        if (stopped) return;
        throw new Error('The server ended the subscription');
      } catch (error) {
        await current.close().catch(() => undefined);
        if (error instanceof HandlerFailed) throw error.error;
        if (stopped) return;
        attempt += 1;
        retry.onDrop?.(error, attempt);
        await pause(Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1)));
      }
    }
  };

  const running = run().catch((error: unknown) => {
    if (!stopped) options.onError?.(error);
  });

  return {
    async stop() {
      stopped = true;
      wake();
      await current?.close().catch(() => undefined);
      await running;
    },
  };
};
