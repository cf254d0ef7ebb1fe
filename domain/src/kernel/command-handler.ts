import type { Clock } from '../ports/clock';
import type { EventStore, ExpectedRevision, ReadStreamOptions } from '../ports/event-store';
import type { Ids } from '../ports/ids';
import { type Decider, foldEvents, type LogDecider } from './decider';
import { ConcurrencyError } from './errors';
import {
  type Actor,
  type DomainEvent,
  type EventMetadata,
  type NewEvent,
  type RecordedEvent,
  toDomainEvent,
} from './events';
import type { UpcasterRegistry } from './upcasters';

export interface CommandContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId?: string | null;
}

export interface HandleResult<Event extends DomainEvent, State> {
  readonly newEvents: readonly Event[];
  readonly state: State;
  /** Stream revision after the append (or the current one when the command produced no events). */
  readonly revision: number;
  readonly lastPosition: number | null;
}

/**
 * Where a stream stood when a caller last folded it. Given back, only what was appended since is read and folded
 * on: a long recording's stream holds every piece's words, and reading (and opening) all of it for each check
 * and each piece made a job worker's memory follow the stream's length (issue 45's soak).
 */
export interface Standing<State> {
  readonly state: State;
  /** The revision folded up to; null for a stream with no events. */
  readonly revision: number | null;
  /** The event at `revision`, read again to tell the stream is still the one folded (not deleted and begun anew). */
  readonly lastEventId: string | null;
}

export interface CommandHandlerDeps {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly upcasters?: UpcasterRegistry;
  /** How many times a ConcurrencyError is retried (reload, decide, append). */
  readonly maxRetries?: number;
}

/**
 * Loads a stream, folds it into state, decides, and appends with optimistic concurrency. A conflict means
 * another writer got there first: the command is decided again against the fresh state, which is safe because
 * deciders are pure. After the retries a ConcurrencyError reaches the caller.
 */
export class CommandHandler<Command, Event extends DomainEvent, State> {
  constructor(
    private readonly decider: Decider<Command, Event, State>,
    private readonly deps: CommandHandlerDeps,
  ) {}

  async load(
    streamId: string,
  ): Promise<{ state: State; revision: number | null; events: RecordedEvent<Event>[] }> {
    const recorded = (await this.deps.store.readStream(streamId)).map(
      (event) => (this.deps.upcasters ? this.deps.upcasters.upcast(event) : event) as RecordedEvent<Event>,
    );
    const state = foldEvents(
      this.decider,
      recorded.map((e) => ({ type: e.type, data: e.data }) as Event),
    );
    const last = recorded.at(-1);
    return { state, revision: last ? last.streamRevision : null, events: recorded };
  }

  /**
   * The stream's standing: folded afresh, or from `since` with only the events after it (upcast, then folded).
   * A stream whose event at `since.revision` is not the one folded was deleted and begun again: folded afresh.
   */
  async standing(
    streamId: string,
    since?: Standing<State>,
    options: Pick<ReadStreamOptions, 'keepSealed'> = {},
  ): Promise<Standing<State>> {
    const upcast = (event: RecordedEvent) =>
      (this.deps.upcasters ? this.deps.upcasters.upcast(event) : event) as RecordedEvent<Event>;
    const fold = (state: State, events: readonly RecordedEvent[]): Standing<State> => {
      const fresh = events.map(upcast);
      const last = fresh.at(-1);
      return {
        state: fresh.map(toDomainEvent).reduce((current, e) => this.decider.evolve(current, e), state),
        revision: last?.streamRevision ?? null,
        lastEventId: last?.metadata.eventId ?? null,
      };
    };
    if (since && since.revision !== null) {
      const recorded = await this.deps.store.readStream(streamId, {
        ...options,
        fromRevision: since.revision,
      });
      const [seen, ...after] = recorded;
      if (seen?.streamRevision === since.revision && seen.metadata.eventId === since.lastEventId)
        return after.length === 0 ? since : fold(since.state, after);
    }
    return fold(this.decider.initialState(), await this.deps.store.readStream(streamId, options));
  }

  /**
   * Decides on the stream's current state and appends. Given where the caller last saw the stream (opened, as
   * `standing` gives it without `keepSealed`), only what is new is read, on every attempt.
   */
  async handle(
    streamId: string,
    command: Command,
    context: CommandContext,
    since?: Standing<State>,
  ): Promise<HandleResult<Event, State> & { readonly standing: Standing<State> }> {
    const maxRetries = this.deps.maxRetries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
      const { state, revision, lastEventId } = await this.standing(streamId, since);
      const newEvents = this.decider.decide(command, state);
      const nextState = newEvents.reduce((current, event) => this.decider.evolve(current, event), state);
      if (newEvents.length === 0) {
        const standing = { state, revision, lastEventId };
        return { newEvents, state: nextState, revision: revision ?? -1, lastPosition: null, standing };
      }
      const expectedRevision: ExpectedRevision = revision === null ? 'no_stream' : revision;
      const enveloped = this.envelope(newEvents, context);
      try {
        const result = await this.deps.store.append(streamId, enveloped, { expectedRevision });
        return {
          newEvents,
          state: nextState,
          revision: result.nextExpectedRevision,
          lastPosition: result.lastPosition,
          standing: {
            state: nextState,
            revision: result.nextExpectedRevision,
            lastEventId: enveloped.at(-1)!.metadata.eventId,
          },
        };
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < maxRetries) continue;
        throw error;
      }
    }
  }

  private envelope(events: readonly Event[], context: CommandContext): NewEvent[] {
    return envelope(events, context, this.deps);
  }
}

/**
 * Appends a log decider's entries with no expected revision and without reading the stream (see LogDecider).
 * Returns the position of the last entry.
 */
export const appendToLog = async <Command, Event extends DomainEvent>(
  decider: LogDecider<Command, Event>,
  deps: CommandHandlerDeps,
  streamId: string,
  command: Command,
  context: CommandContext,
): Promise<number | null> => {
  const events = decider.decide(command, decider.initialState());
  if (events.length === 0) return null;
  const result = await deps.store.append(streamId, envelope(events, context, deps), {
    expectedRevision: 'any',
  });
  return result.lastPosition;
};

/** The same metadata on every event, whichever way it is appended. */
const envelope = (
  events: readonly DomainEvent[],
  context: CommandContext,
  deps: CommandHandlerDeps,
): NewEvent[] => {
  const occurredAt = deps.clock.now().toISOString();
  return events.map((event) => {
    const metadata: EventMetadata = {
      eventId: deps.ids.next(),
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      actor: context.actor,
      occurredAt,
    };
    return {
      type: event.type,
      data: event.data,
      schemaVersion: deps.upcasters?.currentVersion(event.type) ?? 1,
      metadata,
    };
  });
};
