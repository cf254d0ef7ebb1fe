/** Who caused a change. Auditors read this on every event. */
export interface Actor {
  readonly kind: 'user' | 'admin' | 'auditor' | 'visitor' | 'system' | 'worker';
  readonly id: string;
}

export interface EventMetadata {
  readonly eventId: string;
  /** Shared by every event that one request or job caused. */
  readonly correlationId: string;
  /** The event (or request id) that directly caused this one. */
  readonly causationId: string | null;
  readonly actor: Actor;
  /** ISO-8601 instant. */
  readonly occurredAt: string;
}

/** An event as a decider produces it: a type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** An event about to be appended: the decider's event plus who, when and why. */
export interface NewEvent<E extends DomainEvent = DomainEvent> {
  readonly type: E['type'];
  readonly data: E['data'];
  readonly schemaVersion: number;
  readonly metadata: EventMetadata;
}

/** The envelope of a stored event. */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  readonly streamId: string;
  readonly type: E['type'];
  readonly schemaVersion: number;
  readonly data: E['data'];
  readonly metadata: EventMetadata;
  /** 0-based position of the event inside its stream. */
  readonly streamRevision: number;
  /** Position in the whole store; strictly increasing in append order. */
  readonly globalPosition: number;
}

export const toDomainEvent = <E extends DomainEvent>(recorded: RecordedEvent<E>): E =>
  ({ type: recorded.type, data: recorded.data }) as E;
