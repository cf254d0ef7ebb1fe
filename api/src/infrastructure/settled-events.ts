import type { EventStore, RecordedEvent, Subscription } from '@scrivo/domain';
import type { Projections } from './projection-registry';

/**
 * Follows the event store from now on and hands over each event of `types` once the read models hold it, so a
 * live stream can read the changed document back. Every API replica follows the same store, so a client hears
 * about a change whichever replica made it. A failing handler is skipped: one bad event must not end the stream.
 */
export const followSettledEvents = async (
  events: EventStore,
  projections: Projections,
  types: ReadonlySet<string>,
  onEvent: (event: RecordedEvent) => Promise<void>,
): Promise<Subscription> => {
  const head = await events.headPosition();
  return events.subscribeToAll({
    after: head,
    onEvent: async (event) => {
      if (!types.has(event.type)) return;
      await projections.waitFor(event.globalPosition).catch(() => undefined);
      await onEvent(event).catch(() => undefined);
    },
  });
};
