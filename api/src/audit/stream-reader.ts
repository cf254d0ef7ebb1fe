import { Inject, Injectable } from '@nestjs/common';
import type { AuditEvent, StreamSummary } from '@scrivo/contracts';
import type { EventStore, ReadStreamOptions, RecordedEvent } from '@scrivo/domain';
import { streamKindOf, withoutSecrets } from '@scrivo/domain/audit';
import { EVENT_STORE } from '../infrastructure/tokens';

/**
 * A stored event with its secrets (signing keys, password and token hashes; `SECRET_FIELDS`) shown as `[secret]`:
 * the only form in which an event leaves the store towards an auditor, on screen or in an export.
 */
export const withSecretsHidden = (event: RecordedEvent): RecordedEvent => ({
  ...event,
  data: withoutSecrets(event.type, event.data),
});

/** An event as the auditor sees it: every envelope field, the data as stored (not upcast), secrets hidden. */
export const toAuditEvent = (event: RecordedEvent): AuditEvent => ({
  streamId: event.streamId,
  revision: event.streamRevision,
  globalPosition: event.globalPosition,
  eventId: event.metadata.eventId,
  type: event.type,
  schemaVersion: event.schemaVersion,
  occurredAt: event.metadata.occurredAt,
  actor: { kind: event.metadata.actor.kind, id: event.metadata.actor.id },
  correlationId: event.metadata.correlationId,
  causationId: event.metadata.causationId,
  data: withoutSecrets(event.type, event.data),
});

/**
 * Reads straight from the event store: the auditor sees what is written, not what a read model made of it, except
 * secrets. Every read goes through here, so no audit view or export can skip hiding them.
 */
@Injectable()
export class StreamReader {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async read(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.events.readStream(streamId, options)).map(withSecretsHidden);
  }

  /** How many events the stream holds: its last revision + 1, read as one event from the end. */
  async total(streamId: string): Promise<number> {
    const [last] = await this.events.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last ? last.streamRevision + 1 : 0;
  }

  async summary(streamId: string): Promise<StreamSummary | null> {
    const [last] = await this.events.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (!last) return null;
    const [first] = await this.events.readStream(streamId, { maxCount: 1 });
    return {
      streamId,
      kind: streamKindOf(streamId)?.kind ?? null,
      eventCount: last.streamRevision + 1,
      firstAt: first?.metadata.occurredAt ?? null,
      lastAt: last.metadata.occurredAt,
      lastType: last.type,
    };
  }

  async summaries(streamIds: readonly string[]): Promise<StreamSummary[]> {
    const found = await Promise.all([...new Set(streamIds)].map((id) => this.summary(id)));
    return found.filter((s): s is StreamSummary => s !== null);
  }

  /** The whole stream, oldest first, in batches (an export of a 10,000-event recording). */
  async *all(streamId: string, batch = 1000): AsyncGenerator<RecordedEvent> {
    for (let from = 0; ; from += batch) {
      const events = await this.read(streamId, { fromRevision: from, maxCount: batch });
      yield* events;
      if (events.length < batch) return;
    }
  }
}
