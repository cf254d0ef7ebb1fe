import type { RecordedEvent, SubscribeToAllOptions, Subscription } from '@scrivo/domain';

interface CatchUpSource {
  readonly options: SubscribeToAllOptions;
  readBatch(after: number, max: number): Promise<RecordedEvent[]>;
  /** Resolves when new events may be there (or on abort). */
  waitForAppends(signal: AbortSignal): Promise<void>;
  readonly batchSize?: number;
}

/**
 * A catch-up subscription over any store that can read "all after position": pages through history, then waits
 * for appends. A handler error stops the subscription and is reported through onError.
 */
export const catchUpSubscription = (source: CatchUpSource): Subscription => {
  const { options } = source;
  const batchSize = source.batchSize ?? 500;
  const abort = new AbortController();
  let position = options.after ?? -1;

  const loop = async () => {
    while (!abort.signal.aborted) {
      const batch = await source.readBatch(position, batchSize);
      if (batch.length === 0) {
        await source.waitForAppends(abort.signal);
        continue;
      }
      for (let i = 0; i < batch.length; i += 1) {
        if (abort.signal.aborted) return;
        const event = batch[i]!;
        const more = i < batch.length - 1 || batch.length === batchSize;
        await options.onEvent(event, more);
        position = event.globalPosition;
      }
    }
  };

  const running = loop().catch((error: unknown) => {
    abort.abort();
    if (options.onError) options.onError(error);
  });

  return {
    async stop() {
      abort.abort();
      await running;
    },
  };
};
