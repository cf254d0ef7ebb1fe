import type { NewEvent, RecordedEvent } from '../kernel/events';

/**
 * What the writer believes about the stream:
 * a revision number (the last event's streamRevision), 'no_stream' (must not exist yet),
 * 'stream_exists' (must have at least one event) or 'any' (no check).
 */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** The streamRevision of the last appended event: pass it as the next expectedRevision. */
  readonly nextExpectedRevision: number;
  /** The globalPosition of the last appended event. */
  readonly lastPosition: number;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards: start here (default 0). Backwards: start here (default: the last event). */
  readonly fromRevision?: number;
  readonly maxCount?: number;
  /**
   * Leave the personal data sealed (see PersonalDataCipher): for a check of where a stream stands that never reads
   * what its people said. Cheaper (nothing decrypted), and no plaintext is held. Stores that seal nothing ignore it.
   */
  readonly keepSealed?: boolean;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this globalPosition. Omit (or -1) to start at the beginning. */
  readonly after?: number;
  readonly maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint: deliver events strictly after this globalPosition. Omit to start at the beginning. */
  readonly after?: number;
  /**
   * Called once per event, in globalPosition order, awaited before the next one. Events arrive in batches
   * when the subscription is behind: the second argument tells whether more are queued right behind this one.
   */
  readonly onEvent: (event: RecordedEvent, more: boolean) => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivering; resolves after the event being handled (if any) has been handled. */
  stop(): Promise<void>;
}

/** The event store port. Every adapter passes the shared conformance suite in adapters/. */
export interface EventStore {
  /** Appends atomically; throws ConcurrencyError when expectedRevision does not hold. */
  append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in globalPosition order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription: replays from the checkpoint, then delivers new events as they are appended. */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /**
   * Removes a stream with its events, for good. Events are never removed otherwise: this exists only for a stream
   * whose NAME held personal data (the old email-keyed names), once a migration has copied its events to a
   * stream named without it. Deleting a stream that does not exist is no error.
   */
  deleteStream(streamId: string): Promise<void>;
  /** The globalPosition of the newest event, or -1 for an empty store. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}
