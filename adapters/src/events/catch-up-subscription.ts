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
    let batch = await source.readBatch(position, batchSize);
    while (!abort.signal.aborted) {
      if (batch.length === 0) {
        await source.waitForAppends(abort.signal);
        if (abort.signal.aborted) return;
        batch = await source.readBatch(position, batchSize);
        continue;
      }
      // A full page may or may not have more behind it: read the next page before handing over the last event,
      // so that `more` is the truth (a consumer that batches on `more` must not be left holding the tail).
      let next: RecordedEvent[] | null = null;
      for (let i = 0; i < batch.length; i += 1) {
        if (abort.signal.aborted) return;
        const event = batch[i]!;
        let more = i < batch.length - 1;
        if (!more && batch.length === batchSize) {
          next = await source.readBatch(event.globalPosition, batchSize);
          more = next.length > 0;
        }
        await options.onEvent(event, more);
        position = event.globalPosition;
      }
      batch = next ?? (await source.readBatch(position, batchSize));
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
