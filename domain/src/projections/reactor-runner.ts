import type { RecordedEvent } from '../kernel/events';
import type { UpcasterRegistry } from '../kernel/upcasters';
import type { EventStore, Subscription } from '../ports/event-store';
import type { ReadModelStore } from '../ports/read-model-store';
import { withinDeadline } from './deadline';

/**
 * Cross-stream work done in reaction to events: "a transcription was requested, so enqueue its job". A reactor
 * sends commands, so it must be idempotent: each command is keyed by the event that caused it (the same job id,
 * a decider that ignores a repeat), and then a replay after a crash changes nothing.
 */
export interface Reactor {
  readonly name: string;
  /** Only these event types reach `react`; the checkpoint still moves past the others. */
  readonly eventTypes: readonly string[];
  react(event: RecordedEvent): Promise<void>;
  /**
   * Where a reactor with no checkpoint yet begins: the whole history (the default: its reactions are decisions a
   * repeat leaves unchanged), or the store's head, for one added to a running install whose reactions must not be
   * repeated for old events (an email the code before it already sent).
   */
  readonly firstRunFrom?: 'beginning' | 'now';
}

export interface ReactorStatus {
  readonly name: string;
  readonly checkpoint: number;
  /** The last failure of the event it is retrying, or null when it is keeping up. */
  readonly retrying: string | null;
}

export interface ReactorRunnerOptions {
  readonly events: EventStore;
  /** Where checkpoints live (beside the projections', under `reactorCheckpointName`). */
  readonly checkpoints: ReadModelStore;
  readonly reactors: readonly Reactor[];
  readonly upcasters?: UpcasterRegistry;
  /** First wait before an event whose reaction failed is tried again; doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  readonly onFailure?: (reactor: string, event: RecordedEvent, error: unknown) => void;
  /**
   * Longest a reaction or a checkpoint commit may take before it counts as failed and is tried again (reactions
   * are idempotent, and a checkpoint committed twice is the same checkpoint). 60 s by default.
   */
  readonly callTimeoutMs?: number;
  /** Called between a reaction and its checkpoint: where the crash tests cut the power. */
  readonly afterReaction?: (reactor: string, event: RecordedEvent) => void;
  /** Called whenever a reactor's checkpoint moves, stored or not (see ProjectionRunnerOptions.onAdvance). */
  readonly onAdvance?: (reactor: string, checkpoint: number) => void;
  /** Clock for idleCheckpointEveryMs (Date.now by default). */
  readonly now?: () => number;
  /**
   * How often a checkpoint that moved past events the reactor does not react to is stored (10 s by default; one
   * write per reactor per event before, issue 45). After a reaction it is always stored at once.
   */
  readonly idleCheckpointEveryMs?: number;
}

interface Waiter {
  readonly position: number;
  readonly resolve: () => void;
}

interface Running {
  readonly reactor: Reactor;
  readonly wanted: ReadonlySet<string>;
  checkpoint: number;
  /** The checkpoint last stored, and when (milliseconds of `now`). */
  stored: number;
  storedAt: number;
  retrying: string | null;
  subscription: Subscription | null;
  waiters: Waiter[];
}

/** The checkpoint a reactor commits; API replicas watch it to know when a write's reactions are done. */
export const reactorCheckpointName = (reactor: string) => `reactor:${reactor}`;

/**
 * Runs reactors as checkpointed catch-up subscriptions. Unlike a projection, a reactor whose reaction fails
 * does not stop: the same event is tried again after a backoff (the failure is usually a dependency that is
 * down), and nothing after it is handled first, so reactions keep the order of the events. The checkpoint moves
 * after each reaction, so a restart resumes after the last one that finished and at worst repeats one.
 */
export class ReactorRunner {
  private readonly running: Running[] = [];
  private stopping = false;
  private readonly wakers = new Set<() => void>();

  constructor(private readonly options: ReactorRunnerOptions) {}

  async start(): Promise<void> {
    for (const reactor of this.options.reactors) {
      const checkpoint = await this.startingPoint(reactor);
      const state: Running = {
        reactor,
        wanted: new Set(reactor.eventTypes),
        checkpoint,
        stored: checkpoint,
        storedAt: Number.NEGATIVE_INFINITY,
        retrying: null,
        subscription: null,
        waiters: [],
      };
      state.subscription = this.options.events.subscribeToAll({
        after: checkpoint,
        onEvent: (event, more) => this.handle(state, event, more),
      });
      this.running.push(state);
    }
  }

  private async startingPoint(reactor: Reactor): Promise<number> {
    const name = reactorCheckpointName(reactor.name);
    const saved = await this.options.checkpoints.getCheckpoint(name);
    if (saved !== null) return saved;
    if (reactor.firstRunFrom !== 'now') return -1;
    // Committed at once: a crash before its first reaction must not move the start past events appended meanwhile.
    const head = await this.options.events.headPosition();
    await this.options.checkpoints.commit(name, head, []);
    return head;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of this.wakers) wake();
    await Promise.all(this.running.map((r) => r.subscription?.stop()));
    // A checkpoint only held in memory (past events with no reaction) is stored on the way out.
    await Promise.all(
      this.running
        .filter((r) => r.checkpoint > r.stored)
        .map((r) =>
          this.options.checkpoints
            .commit(reactorCheckpointName(r.reactor.name), r.checkpoint, [])
            .catch(() => undefined),
        ),
    );
  }

  status(): ReactorStatus[] {
    return this.running.map((r) => ({
      name: r.reactor.name,
      checkpoint: r.checkpoint,
      retrying: r.retrying,
    }));
  }

  /**
   * Resolves once every reactor has handled (or passed) the event at `position`: a request that wrote it can
   * then answer with the reactions done (a cancel with its minutes given back). Rejects after `timeoutMs`.
   */
  waitFor(position: number, timeoutMs = 5000): Promise<void> {
    const pending = this.running.filter((r) => r.checkpoint < position);
    if (pending.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let left = pending.length;
      const waiter: Waiter = {
        position,
        resolve: () => {
          left -= 1;
          if (left > 0) return;
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        for (const r of pending) r.waiters = r.waiters.filter((w) => w !== waiter);
        reject(new Error(`Reactors did not reach position ${position} in ${timeoutMs} ms`));
      }, timeoutMs);
      for (const r of pending) r.waiters.push(waiter);
    });
  }

  /**
   * Never throws: the subscription ends on a handler that throws, and a reactor whose subscription ended would
   * stop for good (seen: FerretDB, where the checkpoints live, killed under traffic left five reactors behind).
   */
  private async handle(state: Running, raw: RecordedEvent, more: boolean): Promise<void> {
    const wanted = state.wanted.has(raw.type);
    const timeout = this.options.callTimeoutMs ?? 60_000;
    if (wanted) {
      const event = this.options.upcasters ? this.options.upcasters.upcast(raw) : raw;
      const reacted = await this.untilDone(state, event, () =>
        withinDeadline(state.reactor.react(event), timeout),
      );
      if (!reacted) return;
      this.options.afterReaction?.(state.reactor.name, event);
    }
    if (this.stopping) return;
    // After every reaction (so a restart repeats none that finished); past other events only once caught up, and
    // then at most every idleCheckpointEveryMs (a restart passes them again, reacting to none).
    const now = (this.options.now ?? Date.now)();
    if (wanted || (!more && now - state.storedAt >= (this.options.idleCheckpointEveryMs ?? 10_000))) {
      const name = reactorCheckpointName(state.reactor.name);
      const committed = await this.untilDone(state, raw, () =>
        withinDeadline(this.options.checkpoints.commit(name, raw.globalPosition, []), timeout),
      );
      if (!committed) return;
      state.stored = raw.globalPosition;
      state.storedAt = now;
    }
    state.checkpoint = raw.globalPosition;
    this.options.onAdvance?.(state.reactor.name, raw.globalPosition);
    const reached = state.waiters.filter((w) => w.position <= raw.globalPosition);
    if (reached.length === 0) return;
    state.waiters = state.waiters.filter((w) => w.position > raw.globalPosition);
    for (const waiter of reached) waiter.resolve();
  }

  /** Tries the step again after a doubling pause until it succeeds (true) or the runner stops (false). */
  private async untilDone(state: Running, event: RecordedEvent, step: () => Promise<void>): Promise<boolean> {
    let delay = this.options.retryDelayMs ?? 1000;
    for (;;) {
      if (this.stopping) return false;
      try {
        await step();
        state.retrying = null;
        return true;
      } catch (error) {
        state.retrying = error instanceof Error ? error.message : String(error);
        this.options.onFailure?.(state.reactor.name, event, error);
        await this.pause(delay);
        delay = Math.min(delay * 2, this.options.maxRetryDelayMs ?? 60_000);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}
