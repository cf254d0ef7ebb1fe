import {
  type Actor,
  appendToLog,
  type CommandContext,
  CommandHandler,
  type CommandHandlerDeps,
  type Decider,
  type DomainEvent,
  type HandleResult,
  type LogDecider,
  type Standing,
} from '@scrivo/domain';
import { currentRequest } from '../common/request-context';

/** What a caller may say about who and what caused a command; the rest comes from the current request. */
export interface RunContext {
  readonly actor?: Actor;
  readonly correlationId?: string;
  readonly causationId?: string | null;
}

/** A stream's state with its personal data still sealed (see StreamRunner.standing). */
export interface StreamStanding<State> extends Standing<State> {
  readonly sealed: true;
}

/** A stream's state as its decider sees it, personal data opened: what `run` may decide on. */
export interface OpenedStanding<State> extends Standing<State> {
  readonly sealed: false;
}

const SYSTEM: Actor = { kind: 'system', id: 'scrivo' };
const ANONYMOUS: Actor = { kind: 'visitor', id: 'anonymous' };

/**
 * The one way every feature runs a decider on a stream: load (with upcasters), decide, append with the expected
 * revision, decide again on a conflict. Event metadata is filled the same way everywhere: the actor, correlation
 * and causation ids given, else those of the current request (its id is the causation; nobody signed in is an
 * anonymous visitor), else a system action with a fresh correlation id. Free of Nest, so the job worker process runs commands through it too.
 */
export class StreamRunner {
  constructor(
    private readonly deps: CommandHandlerDeps & {
      /** Resolves once the read models hold the event at this position (the API's read-your-writes). */
      readonly settle?: (position: number | null) => Promise<void>;
    },
  ) {}

  /** Runs the command; in the API it answers once the read models hold what it wrote, on any replica. */
  async run<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    command: Command,
    context: RunContext = {},
  ): Promise<HandleResult<Event, State>> {
    const result = await this.runWithoutReadBack(decider, streamId, command, context);
    await this.deps.settle?.(result.lastPosition);
    return result;
  }

  /**
   * Runs the command on the stream as it stood at `since` plus what was appended after (read alone), and answers
   * where it stands now, for the caller's next command or look: for a job that writes to one long stream step after
   * step (a long recording's pieces), so that no step reads and opens the whole stream.
   */
  async runFrom<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    command: Command,
    context: RunContext,
    since: OpenedStanding<State> | undefined,
  ): Promise<HandleResult<Event, State> & { readonly standing: OpenedStanding<State> }> {
    const result = await new CommandHandler(decider, this.deps).handle(
      streamId,
      command,
      this.metadata(context),
      since,
    );
    await this.deps.settle?.(result.lastPosition);
    return { ...result, standing: { ...result.standing, sealed: false } };
  }

  /**
   * Runs the command without waiting for the read models: for the first steps of a multi-step write whose last
   * step waits for them all (positions only grow, so that one wait covers every step before it). A wait that timed
   * out in the middle would answer 503 "saved" for a write left half done (issue 45's fault run: an upload whose
   * projector died between its steps).
   */
  async runWithoutReadBack<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    command: Command,
    context: RunContext = {},
  ): Promise<HandleResult<Event, State>> {
    return new CommandHandler(decider, this.deps).handle(streamId, command, this.metadata(context));
  }

  /**
   * Runs a log decider's command: appended without reading the stream and with no expected revision (see
   * LogDecider). It does not wait for the read models: nothing reads a log entry back in the request that wrote it.
   */
  async record<Command, Event extends DomainEvent>(
    decider: LogDecider<Command, Event>,
    streamId: string,
    command: Command,
    context: RunContext = {},
  ): Promise<void> {
    await appendToLog(decider, this.deps, streamId, command, this.metadata(context));
  }

  /** Resolves once the read models and reactors hold the event at `position` (at once outside the API). */
  async settled(position: number | null): Promise<void> {
    await this.deps.settle?.(position);
  }

  /** The stream's current state, folded by the decider after upcasting. */
  async state<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
  ): Promise<State> {
    return (await this.load(decider, streamId)).state;
  }

  /** The stream's events (upcast), the state they fold into and the stream's revision. */
  load<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>, streamId: string) {
    return new CommandHandler(decider, this.deps).load(streamId);
  }

  /**
   * Where a stream stands, with its personal data left sealed: for the checks a job makes every second (is its
   * subject still there, still its job?), which never read what the stream's people said. Given where the stream
   * stood at the caller's last look, only what was appended since is read and folded onto it, so a check costs
   * what the new events cost, not the whole stream (see Standing).
   */
  async standing<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    since?: StreamStanding<State>,
  ): Promise<StreamStanding<State>> {
    const now = await new CommandHandler(decider, this.deps).standing(streamId, since, { keepSealed: true });
    return { ...now, sealed: true };
  }

  /** As `standing`, with the personal data opened: where `runFrom` may start. */
  async openedStanding<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    since?: OpenedStanding<State>,
  ): Promise<OpenedStanding<State>> {
    const now = await new CommandHandler(decider, this.deps).standing(streamId, since);
    return { ...now, sealed: false };
  }

  now(): string {
    return this.deps.clock.now().toISOString();
  }

  /**
   * The one place a correlation id is chosen: the current request's (its X-Correlation-Id, else its request id:
   * see request-id.middleware.ts), else a fresh one for a system action. Callers that pass the id on by hand
   * (recordings) take it from here, so every feature honours X-Correlation-Id the same way.
   */
  correlationId(): string {
    return currentRequest()?.correlationId ?? this.deps.ids.next();
  }

  private metadata(context: RunContext): CommandContext {
    const request = currentRequest();
    return {
      actor: context.actor ?? request?.actor ?? (request ? ANONYMOUS : SYSTEM),
      correlationId: context.correlationId ?? this.correlationId(),
      causationId: context.causationId !== undefined ? context.causationId : (request?.requestId ?? null),
    };
  }
}
