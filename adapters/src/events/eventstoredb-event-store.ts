import { resubscribing, type ResubscribeOptions } from './resubscribing-subscription';
import {
  ANY,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  BACKWARDS,
  type CurrentRevision,
  END,
  type EventData,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  type JSONType,
  NO_STREAM,
  type ReadPosition,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { createHash } from 'node:crypto';
import {
  type AppendResult,
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '@scrivo/domain';

/** What the adapter writes as an ESDB event's metadata: the envelope plus the data's schema version. */
export interface StoredMetadata extends EventMetadata {
  readonly schemaVersion: number;
}

// ---- Pure mappings between the port and EventStoreDB (unit-tested without a server) ----

export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0)
        throw new RangeError(`Invalid expected revision ${expected}`);
      return BigInt(expected);
  }
};

export const fromEsdbCurrentRevision = (current: CurrentRevision): number | null =>
  current === NO_STREAM ? null : Number(current);

export const toConcurrencyError = (
  streamId: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): ConcurrencyError => new ConcurrencyError(streamId, expected, fromEsdbCurrentRevision(error.actualVersion));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * ESDB event ids must be UUIDs. The envelope's eventId is one in production; any other id is turned into a UUID
 * deterministically, so that retrying the same append still lets ESDB recognise the events (idempotent writes).
 */
export const toEsdbEventId = (eventId: string): string => {
  if (UUID.test(eventId)) return eventId.toLowerCase();
  const hex = createHash('sha256').update(eventId).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export const toEsdbEvent = (event: NewEvent): EventData => {
  const metadata: StoredMetadata = { ...event.metadata, schemaVersion: event.schemaVersion };
  return jsonEvent({
    id: toEsdbEventId(event.metadata.eventId),
    type: event.type,
    // The client serialises data with JSON.stringify; domain event data is JSON by contract.
    data: event.data as JSONType,
    metadata: metadata as unknown as JSONType,
  });
};

/** Events the port never shows: the server's own ($-prefixed types or streams) and links. */
export const isSystemEvent = (streamId: string, type: string): boolean =>
  streamId.startsWith('$') || type.startsWith('$');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * An ESDB event as the port's RecordedEvent, or null for what the port does not show (system events, links,
 * binary events other writers left). Events written by other tools get a best-effort envelope.
 */
export const fromEsdbEvent = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
  const event = resolved.event;
  if (!event || !event.isJson || isSystemEvent(event.streamId, event.type)) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) {
    throw new Error('EventStoreDB did not report the event position (the server must be 22.6 or newer)');
  }
  const { schemaVersion, ...stored } = isRecord(event.metadata) ? event.metadata : {};
  const metadata: EventMetadata = {
    eventId: event.id,
    correlationId: event.id,
    causationId: null,
    actor: { kind: 'system', id: 'unknown' },
    occurredAt: event.created.toISOString(),
    ...(stored as Partial<EventMetadata>),
  };
  return {
    streamId: event.streamId,
    type: event.type,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    data: event.data,
    metadata,
    streamRevision: Number(event.revision),
    globalPosition: Number(commit),
  };
};

export const fromEsdbAppendResult = (result: EsdbAppendResult): AppendResult => {
  if (!result.position) throw new Error('EventStoreDB did not report the append position');
  return {
    nextExpectedRevision: Number(result.nextExpectedRevision),
    lastPosition: Number(result.position.commit),
  };
};

/**
 * A read position for "strictly after `after`". Events appended through the gRPC API are not in explicit
 * transactions, so an event's commit and prepare positions are equal and the commit position alone is enough.
 */
export const toEsdbReadPosition = (after: number | undefined): ReadPosition =>
  after === undefined || after < 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };

// ---- The adapter ----

/**
 * The production event store on EventStoreDB. Streams map one to one; the envelope and schema version travel in
 * each event's metadata; the port's global position is the $all commit position. System events never surface.
 */
export class EventStoreDbEventStore implements EventStore {
  /** The client is shared with the persistent-subscription job queue: one connection per process. */
  constructor(
    readonly client: EventStoreDBClient,
    private readonly subscriptionRetry: ResubscribeOptions = {},
  ) {}

  static fromConnectionString(
    connectionString: string,
    subscriptionRetry: ResubscribeOptions = {},
  ): EventStoreDbEventStore {
    return new EventStoreDbEventStore(
      EventStoreDBClient.connectionString(connectionString),
      subscriptionRetry,
    );
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEsdbEvent), {
        expectedRevision: toEsdbExpectedRevision(options.expectedRevision),
      });
      return fromEsdbAppendResult(result);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw toConcurrencyError(streamId, options.expectedRevision, error);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const recorded: RecordedEvent[] = [];
    try {
      const events = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of events) {
        const event = fromEsdbEvent(resolved);
        if (event) recorded.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return recorded;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? -1;
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    const recorded: RecordedEvent[] = [];
    if (limit <= 0) return recorded;
    // $all interleaves the server's own events, which the 6.x client cannot filter out of a read: stream lazily,
    // skip them, and cancel the read once the page is full. The start position is inclusive, hence the `> after`.
    const events = this.client.readAll({ direction: FORWARDS, fromPosition: toEsdbReadPosition(after) });
    for await (const resolved of events) {
      const event = fromEsdbEvent(resolved);
      if (!event || event.globalPosition <= after) continue;
      recorded.push(event);
      if (recorded.length >= limit) break;
    }
    return recorded;
  }

  /**
   * A catch-up subscription on $all that resumes after a dropped connection (server restart, network cut, leader
   * change) from the last event handled; only a failing handler ends it.
   */
  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    return resubscribing(
      (after) => {
        const subscription = this.client.subscribeToAll({
          fromPosition: toEsdbReadPosition(after),
          filter: excludeSystemEvents(),
        });
        return {
          events: (async function* () {
            for await (const resolved of subscription) {
              // Events the client has already received and buffered are "queued right behind this one".
              yield { event: fromEsdbEvent(resolved), more: subscription.readableLength > 0 };
            }
          })(),
          close: () => subscription.unsubscribe(),
        };
      },
      options,
      this.subscriptionRetry,
    );
  }

  /**
   * A soft delete: the stream reads as empty at once and may be written again; its events leave the disk at the
   * next scavenge (docs/operations.md), until which $all still returns them.
   */
  async deleteStream(streamId: string): Promise<void> {
    try {
      await this.client.deleteStream(streamId);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return;
      throw error;
    }
  }

  async headPosition(): Promise<number> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END })) {
      const event = fromEsdbEvent(resolved);
      if (event) return event.globalPosition;
    }
    return -1;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
