import type { RecordedEvent } from '../kernel/events';
import type { Doc, Filter, FindOptions, ReadModelStore } from '../ports/read-model-store';

/** What a projection handler may do: read documents (seeing its own pending writes) and queue writes. */
export interface ProjectionContext {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  /** Reads committed documents only (pending writes of the current batch are not visible here). */
  find<T extends Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  upsert(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
}

/**
 * A read model fed by events. Handlers must be idempotent per event (replaying an event already applied
 * leaves the documents as they were), which upserts of whole documents give naturally.
 */
export interface Projection {
  readonly name: string;
  /** The collections it owns: dropped on rebuild. */
  readonly collections: readonly string[];
  /** Only these event types reach `handle` (all when omitted). */
  readonly eventTypes?: readonly string[];
  setup?(store: ReadModelStore): Promise<void>;
  handle(event: RecordedEvent, context: ProjectionContext): Promise<void> | void;
}
