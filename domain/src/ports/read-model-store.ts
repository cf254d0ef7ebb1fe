import { DomainError } from '../kernel/errors';

/** A read-model document: any JSON object with a string id. */
export interface Doc {
  readonly id: string;
}

export type Scalar = string | number | boolean | null;

/**
 * A filter on top-level fields (or dotted paths). A plain value means equality; the operators cover what the
 * read models need. Every adapter implements exactly these semantics (the conformance suite checks them).
 */
export type FieldCondition =
  | Scalar
  | { readonly $eq: Scalar }
  | { readonly $ne: Scalar }
  | { readonly $in: readonly Scalar[] }
  | { readonly $gt: number | string }
  | { readonly $gte: number | string }
  | { readonly $lt: number | string }
  | { readonly $lte: number | string }
  /** Case-insensitive substring match on a string field. */
  | { readonly $contains: string };

export type Filter = { readonly [field: string]: FieldCondition } | { readonly $or: readonly Filter[] };

export interface SortKey {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface FindOptions {
  readonly sort?: readonly SortKey[];
  readonly limit?: number;
  readonly skip?: number;
}

export interface IndexSpec {
  readonly fields: readonly string[];
  readonly unique?: boolean;
}

export interface Collection<T extends Doc = Doc> {
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  upsert(doc: T): Promise<void>;
  delete(id: string): Promise<void>;
  ensureIndex(index: IndexSpec): Promise<void>;
}

export type WriteOp =
  | { readonly kind: 'upsert'; readonly collection: string; readonly doc: Doc }
  | { readonly kind: 'delete'; readonly collection: string; readonly id: string };

export interface ReadModelStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** The last globalPosition a projection has applied, or null if it never ran. */
  getCheckpoint(projection: string): Promise<number | null>;
  /**
   * Applies the writes and moves the projection's checkpoint. Atomic where the adapter allows (embedded: one
   * transaction; MongoDB: a transaction on a replica set, ordered writes otherwise). Projections are idempotent
   * either way, so a crash between writes and checkpoint only replays events.
   */
  commit(projection: string, checkpoint: number, ops: readonly WriteOp[]): Promise<void>;
  /** Forgets a projection's checkpoint and drops its collections: the next run rebuilds from zero. */
  reset(projection: string, collections: readonly string[]): Promise<void>;
  /**
   * Leaves no readable copy on disk of the documents deleted so far (an erased account's): called once an
   * erasure's deletions are in. Embedded: the write-ahead log is checkpointed into the zeroed pages and truncated.
   */
  shredDeleted(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The read-model database cannot be reached (its server restarting, the connection cut). A request that needed it
 * answers 503 with Retry-After: the failure is the server's own and passes, unlike a bug's 500.
 */
export class ReadModelsUnavailableError extends DomainError {
  static readonly RETRY_AFTER_SECONDS = 5;
  constructor(cause: unknown) {
    super(
      'READ_MODELS_UNAVAILABLE',
      'This service is briefly unavailable. Please try again in a few seconds.',
      {
        retryAfterSeconds: ReadModelsUnavailableError.RETRY_AFTER_SECONDS,
      },
    );
    this.cause = cause;
  }
}
