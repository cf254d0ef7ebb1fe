import { type Clock, type EventStore, type Ids, type RecordedEvent, type Subscription } from '@scrivo/domain';
import {
  type ClaimedJob,
  type EnqueueJob,
  jobDecider,
  type JobEvent,
  type JobQueue,
  type JobRequested,
  type JobState,
  JOB_EVENT_TYPES,
  fairOrder,
  type OwnerShare,
} from '@scrivo/domain/jobs';
import { ClaimTurns } from './claim-turns';
import { JobStreams } from './job-streams';
import { untilDue, WorkWaiters } from './work-waiters';

export interface EventStoreJobQueueOptions {
  readonly events: EventStore;
  readonly clock: Clock;
  readonly ids: Ids;
  /** How long a claim lasts without a heartbeat. Workers heartbeat every leaseMs / 3. */
  readonly leaseMs?: number;
}

interface Indexed {
  state: JobState;
  requested: JobRequested['data'];
}

const jobTypes = new Set<string>(JOB_EVENT_TYPES);

/**
 * The embedded job queue: jobs are event streams (`job-{id}`), and a worker claims one by appending JobClaimed
 * with optimistic concurrency, so of several workers (in any number of processes sharing the store) exactly
 * one wins each job. Each process keeps an index of open jobs from a catch-up subscription to find candidates.
 */
export class EventStoreJobQueue implements JobQueue {
  private readonly streams: JobStreams;
  private readonly index = new Map<string, Indexed>();
  /** The turn order, from the claims on the log (every process sees the same). */
  private readonly turns = new ClaimTurns();
  private readonly leaseMs: number;
  private position = -1;
  private subscription: Subscription | null = null;
  private readonly waiters = new WorkWaiters();

  constructor(private readonly options: EventStoreJobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.streams = new JobStreams({ ...options, leaseMs: this.leaseMs });
  }

  get lease(): number {
    return this.leaseMs;
  }

  private start(): void {
    if (this.subscription) return;
    this.subscription = this.options.events.subscribeToAll({
      after: -1,
      onEvent: async (event: RecordedEvent) => {
        this.position = event.globalPosition;
        if (!jobTypes.has(event.type)) return;
        const e = { type: event.type, data: event.data } as JobEvent;
        const jobId = (e.data as { jobId: string }).jobId;
        const current = this.index.get(jobId);
        if (e.type === 'JobRequested') {
          this.index.set(jobId, {
            state: jobDecider.evolve(jobDecider.initialState(), e),
            requested: e.data,
          });
        } else if (current) {
          current.state = jobDecider.evolve(current.state, e);
          if (e.type === 'JobClaimed')
            this.turns.took(current.requested.ownerId, current.state.kind, e.data.claimedAt);
          if (
            current.state.status === 'completed' ||
            current.state.status === 'dead' ||
            current.state.status === 'cancelled'
          )
            this.index.delete(jobId);
        }
        this.waiters.wake();
      },
    });
  }

  /** Waits until this process's index includes everything appended so far. */
  private async caughtUp(): Promise<void> {
    this.start();
    const head = await this.options.events.headPosition();
    while (this.position < head) await new Promise((r) => setTimeout(r, 10));
  }

  enqueue(job: EnqueueJob, context: { correlationId: string }): Promise<void> {
    return this.streams.request(job, context);
  }

  /** The jobs of these kinds a free worker may take now, in the order it tries them. */
  private line(kinds: readonly string[], now: number) {
    const candidates = [...this.index.values()]
      .filter(({ state }) => kinds.includes(state.kind))
      .filter(
        ({ state }) =>
          (state.status === 'pending' && (!state.availableAt || Date.parse(state.availableAt) <= now)) ||
          (state.status === 'running' &&
            state.leaseExpiresAt !== null &&
            Date.parse(state.leaseExpiresAt) <= now),
      )
      .map((indexed) => ({
        ...indexed,
        ownerId: indexed.requested.ownerId,
        requestedAt: indexed.requested.requestedAt,
        workSeconds: indexed.requested.workSeconds,
      }));
    return fairOrder(candidates, (ownerId) => this.shareOf(ownerId, now, kinds));
  }

  async ahead(jobId: string, kinds: readonly string[]): Promise<number | null> {
    await this.caughtUp();
    if (this.index.get(jobId)?.state.status !== 'pending') return null;
    const now = this.options.clock.now().getTime();
    let running = 0;
    for (const { state } of this.index.values())
      if (
        kinds.includes(state.kind) &&
        state.status === 'running' &&
        state.leaseExpiresAt !== null &&
        Date.parse(state.leaseExpiresAt) > now
      )
        running += 1;
    const line = this.line(kinds, now);
    const place = line.findIndex((candidate) => candidate.requested.jobId === jobId);
    // Waiting out a backoff: behind everyone who may go now.
    return running + (place === -1 ? line.length : place);
  }

  async claim(workerId: string, kinds: readonly string[]): Promise<ClaimedJob | null> {
    await this.caughtUp();
    const now = this.options.clock.now().getTime();
    for (const candidate of this.line(kinds, now)) {
      // Null: another worker was faster or the job changed under us; try the next one.
      const claimed = await this.streams.claim(candidate.requested, workerId);
      if (claimed) return claimed;
    }
    return null;
  }

  /** What an owner has now from workers of these kinds: its jobs holding a live lease, and its latest claim. */
  private shareOf(ownerId: string, now: number, kinds: readonly string[]): OwnerShare {
    let running = 0;
    for (const { state, requested } of this.index.values())
      if (
        requested.ownerId === ownerId &&
        kinds.includes(state.kind) &&
        state.status === 'running' &&
        state.leaseExpiresAt !== null &&
        Date.parse(state.leaseExpiresAt) > now
      )
        running += 1;
    return { running, lastClaimedAt: this.turns.lastClaimedAt(ownerId, kinds) };
  }

  async waitForWork(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    this.start();
    const now = this.options.clock.now().getTime();
    // Wake up when the earliest lease or backoff runs out, even if no event arrives.
    const due = [...this.index.values()]
      .map(({ state }) => (state.status === 'running' ? state.leaseExpiresAt : state.availableAt))
      .filter((t): t is string => t !== null)
      .map((t) => Date.parse(t) - now);
    await this.waiters.wait(untilDue(maxWaitMs, due), signal);
  }

  heartbeat(job: ClaimedJob): Promise<void> {
    return this.streams.heartbeat(job);
  }

  progress(job: ClaimedJob, progress: number): Promise<void> {
    return this.streams.progress(job, progress);
  }

  complete(job: ClaimedJob): Promise<void> {
    return this.streams.complete(job);
  }

  async fail(job: ClaimedJob, reason: string, retryable: boolean): Promise<{ willRetry: boolean }> {
    const { retryAt } = await this.streams.fail(job, reason, retryable);
    return { willRetry: retryAt !== null };
  }

  cancel(jobId: string, context: { correlationId: string }): Promise<void> {
    return this.streams.cancel(jobId, context);
  }

  async close(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    this.waiters.wake();
  }
}
