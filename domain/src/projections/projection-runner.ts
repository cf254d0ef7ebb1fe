import type { RecordedEvent } from '../kernel/events';
import type { UpcasterRegistry } from '../kernel/upcasters';
import type { Clock } from '../ports/clock';
import type { EventStore, Subscription } from '../ports/event-store';
import type { Doc, Filter, FindOptions, ReadModelStore, WriteOp } from '../ports/read-model-store';
import type { Projection, ProjectionContext } from './projection';
import { withinDeadline } from './deadline';

/**
 * The checkpoint the process that runs the projections and reactors keeps at the lowest of theirs: every event up
 * to it is in the read models and reacted to. A process that runs none (an API replica) reads this one document
 * for read-your-writes instead of every projection's and reactor's checkpoint (about 30 reads per poll, issue 45).
 */
export const ALL_CAUGHT_UP_CHECKPOINT = 'all:caught-up';

export interface ProjectionStatus {
  readonly name: string;
  readonly checkpoint: number;
  /** Milliseconds between the last applied event's occurredAt and the commit that applied it. */
  readonly lastLagMs: number | null;
  readonly running: boolean;
  readonly error: string | null;
}

export interface ProjectionRunnerOptions {
  readonly events: EventStore;
  readonly readModels: ReadModelStore;
  readonly projections: readonly Projection[];
  readonly clock: Clock;
  readonly upcasters?: UpcasterRegistry;
  /** Most events applied in one commit while catching up. */
  readonly maxBatch?: number;
  readonly onCommit?: (projection: string, checkpoint: number, lagMs: number) => void;
  /**
   * Called whenever a projection's checkpoint moves, stored or not (see idleCheckpointEveryMs): where the process
   * that runs the projections publishes how far they all are, for the processes that run none.
   */
  readonly onAdvance?: (projection: string, checkpoint: number) => void;
  /**
   * How often a checkpoint that moved past events with nothing to write is stored (10 s by default). Each
   * projection sees every event; storing its checkpoint for each event it has nothing to write for cost a write
   * per projection per event on the read-model database (issue 45, production stack: about 30 writes per event on
   * FerretDB). A checkpoint not stored only makes a restart pass those events again, which write nothing.
   */
  readonly idleCheckpointEveryMs?: number;
  readonly onError?: (projection: string, error: unknown) => void;
  /** First pause before a projection whose read-model store failed subscribes again (doubling, capped). */
  readonly storeRetryDelayMs?: number;
  readonly maxStoreRetryDelayMs?: number;
  /** Longest a read or commit of the read-model store may take before it counts as the store failing. */
  readonly storeTimeoutMs?: number;
}

/**
 * The read-model store itself failed (its database restarting, a full disk), not the projection's code: the
 * projection subscribes again from its checkpoint after a pause instead of stopping for good, so a store that
 * comes back is caught up without restarting the process.
 */
class ReadModelStoreFailure extends Error {
  constructor(readonly failure: unknown) {
    super(`read-model store unavailable: ${failure instanceof Error ? failure.message : String(failure)}`);
  }
}
const storeFailure = (failure: unknown): never => {
  throw new ReadModelStoreFailure(failure);
};

/** A store call past its deadline counts as the store failing (see withinDeadline). */
const storeCall = <T>(call: Promise<T>, ms: number): Promise<T> =>
  withinDeadline(call, ms).catch(storeFailure);

interface Running {
  projection: Projection;
  checkpoint: number;
  /** The checkpoint last stored, and when (the clock's milliseconds). */
  stored: number;
  storedAt: number;
  lastLagMs: number | null;
  subscription: Subscription | null;
  error: string | null;
  /** Commits what the current batch has applied so far. */
  flush: () => Promise<void>;
  waiters: { position: number; resolve: () => void }[];
  retryTimer: ReturnType<typeof setTimeout> | null;
  retryDelayMs: number;
}

/**
 * Runs projections as catch-up subscriptions from their checkpoints. Writes of a batch and the checkpoint are
 * committed together, so a restart resumes exactly after the last committed event; `rebuild` replays from zero;
 * `stop` drains the batch in hand before resolving.
 */
export class ProjectionRunner {
  private readonly running = new Map<string, Running>();
  private stopping = false;

  constructor(private readonly options: ProjectionRunnerOptions) {}

  async start(): Promise<void> {
    for (const projection of this.options.projections) {
      await projection.setup?.(this.options.readModels);
      const checkpoint = (await this.options.readModels.getCheckpoint(projection.name)) ?? -1;
      const state: Running = {
        projection,
        checkpoint,
        stored: checkpoint,
        storedAt: Number.NEGATIVE_INFINITY,
        lastLagMs: null,
        subscription: null,
        error: null,
        flush: async () => {},
        waiters: [],
        retryTimer: null,
        retryDelayMs: this.firstRetryDelayMs,
      };
      this.running.set(projection.name, state);
      this.subscribe(state);
    }
  }

  private get firstRetryDelayMs(): number {
    return this.options.storeRetryDelayMs ?? 200;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.running.values()].map(async (r) => {
        if (r.retryTimer) clearTimeout(r.retryTimer);
        r.retryTimer = null;
        await r.subscription?.stop();
        r.subscription = null;
        if (r.error) return;
        await r.flush();
        // A checkpoint only held in memory (events with nothing to write) is stored on the way out.
        if (r.checkpoint > r.stored)
          await this.options.readModels.commit(r.projection.name, r.checkpoint, []);
      }),
    );
  }

  /** Drops a projection's documents and checkpoint, then replays every event. */
  async rebuild(name: string): Promise<void> {
    const state = this.running.get(name);
    if (!state) throw new Error(`Unknown projection ${name}`);
    await state.subscription?.stop();
    if (state.retryTimer) clearTimeout(state.retryTimer);
    state.retryTimer = null;
    await this.options.readModels.reset(name, state.projection.collections);
    await state.projection.setup?.(this.options.readModels);
    state.checkpoint = -1;
    state.stored = -1;
    state.error = null;
    this.subscribe(state);
  }

  status(): ProjectionStatus[] {
    return [...this.running.values()].map((r) => ({
      name: r.projection.name,
      checkpoint: r.checkpoint,
      lastLagMs: r.lastLagMs,
      running: r.subscription !== null,
      error: r.error,
    }));
  }

  /** Resolves once every projection has applied the event at `position` (read-your-writes for the API). */
  waitFor(position: number, timeoutMs = 5000): Promise<void> {
    const pending = [...this.running.values()].filter((r) => r.checkpoint < position);
    if (pending.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let left = pending.length;
      const waiter = {
        position,
        resolve: () => {
          left -= 1;
          if (left === 0) {
            clearTimeout(timer);
            resolve();
          }
        },
      };
      const timer = setTimeout(() => {
        // Forget the waiter, or every timed-out request would stay queued until the position is reached.
        for (const r of pending) r.waiters = r.waiters.filter((w) => w !== waiter);
        reject(new Error(`Read models did not reach position ${position} in ${timeoutMs} ms`));
      }, timeoutMs);
      for (const r of pending) r.waiters.push(waiter);
    });
  }

  private subscribe(state: Running): void {
    const maxBatch = this.options.maxBatch ?? 500;
    const { readModels, upcasters, clock } = this.options;
    const deadline = this.options.storeTimeoutMs ?? 30_000;
    const idleEvery = this.options.idleCheckpointEveryMs ?? 10_000;
    const wanted = state.projection.eventTypes ? new Set(state.projection.eventTypes) : null;
    let pending = new Map<string, Map<string, Doc | null>>();
    let count = 0;
    let lastEvent: RecordedEvent | null = null;

    const context: ProjectionContext = {
      get: async <T extends Doc>(collection: string, id: string) => {
        const staged = pending.get(collection)?.get(id);
        if (staged !== undefined) return staged as T | null;
        return storeCall(readModels.collection<T>(collection).get(id), deadline);
      },
      find: <T extends Doc>(collection: string, filter?: Filter, findOptions?: FindOptions) =>
        storeCall(readModels.collection<T>(collection).find(filter, findOptions), deadline),
      upsert: (collection, doc) => stage(collection).set(doc.id, doc),
      delete: (collection, id) => stage(collection).set(id, null),
    };
    const stage = (collection: string) => {
      let docs = pending.get(collection);
      if (!docs) pending.set(collection, (docs = new Map()));
      return docs;
    };

    const flush = async () => {
      if (!lastEvent) return;
      const ops: WriteOp[] = [];
      for (const [collection, docs] of pending) {
        for (const [id, doc] of docs) {
          ops.push(doc === null ? { kind: 'delete', collection, id } : { kind: 'upsert', collection, doc });
        }
      }
      const checkpoint = lastEvent.globalPosition;
      const now = clock.now().getTime();
      const store = ops.length > 0 || now - state.storedAt >= idleEvery;
      if (store) {
        await storeCall(readModels.commit(state.projection.name, checkpoint, ops), deadline);
        state.stored = checkpoint;
        state.storedAt = now;
      }
      state.error = null;
      state.retryDelayMs = this.firstRetryDelayMs;
      const lagMs = Math.max(0, now - Date.parse(lastEvent.metadata.occurredAt));
      state.checkpoint = checkpoint;
      state.lastLagMs = lagMs;
      pending = new Map();
      count = 0;
      lastEvent = null;
      if (store) this.options.onCommit?.(state.projection.name, checkpoint, lagMs);
      this.options.onAdvance?.(state.projection.name, checkpoint);
      state.waiters = state.waiters.filter((w) => {
        if (w.position <= checkpoint) w.resolve();
        return w.position > checkpoint;
      });
    };

    state.flush = flush;
    const subscription: Subscription = this.options.events.subscribeToAll({
      after: state.checkpoint,
      onEvent: async (raw, more) => {
        try {
          if (!wanted || wanted.has(raw.type)) {
            const event = upcasters ? upcasters.upcast(raw) : raw;
            await state.projection.handle(event, context);
          }
          lastEvent = raw;
          count += 1;
          if (!more || count >= maxBatch) await flush();
        } catch (error) {
          // The batch is dropped uncommitted: a restart (or rebuild) replays it from the last checkpoint.
          // Rethrowing stops the subscription, which reports the error once, through onError below.
          pending = new Map();
          lastEvent = null;
          count = 0;
          throw error;
        }
      },
      onError: (error) => {
        state.error = error instanceof Error ? error.message : String(error);
        // The subscription has ended: status must not claim the projection is still running.
        if (state.subscription === subscription) state.subscription = null;
        this.options.onError?.(state.projection.name, error);
        if (!(error instanceof ReadModelStoreFailure) || this.stopping) return;
        state.retryTimer = setTimeout(() => {
          state.retryTimer = null;
          if (!this.stopping && state.subscription === null) this.subscribe(state);
        }, state.retryDelayMs);
        state.retryDelayMs = Math.min(state.retryDelayMs * 2, this.options.maxStoreRetryDelayMs ?? 10_000);
      },
    });
    state.subscription = subscription;
  }
}
