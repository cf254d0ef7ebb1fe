import {
  END,
  eventTypeFilter,
  type EventStoreDBClient,
  PersistentSubscriptionExistsError,
  type PersistentSubscriptionToAll,
  type PersistentSubscriptionToAllResolvedEvent,
  type PersistentSubscriptionToAllSettings,
  persistentSubscriptionToAllSettingsFromDefaults,
  START,
} from '@eventstore/db-client';
import { type Clock, type EventStore, type Ids } from '@scrivo/domain';
import {
  type ClaimedJob,
  type EnqueueJob,
  type JobQueue,
  type JobRequested,
  type JobState,
  fairOrder,
  type OwnerShare,
} from '@scrivo/domain/jobs';
import { fromEsdbEvent } from '../events/eventstoredb-event-store';
import { ClaimTurns } from './claim-turns';
import { JobStreams } from './job-streams';
import { untilDue, WorkWaiters } from './work-waiters';

// ---- Pure parts (unit-tested without a server) ----

/** What a consumer does with a job whose announcement it holds, given the job stream's state now. */
export type HeldJobStep =
  | { readonly kind: 'claim' }
  | { readonly kind: 'wait'; readonly until: number }
  /** The job is over (completed, dead, cancelled): acknowledge the announcement for good. */
  | { readonly kind: 'settle' };

export const nextStep = (state: JobState, now: number): HeldJobStep => {
  switch (state.status) {
    case 'completed':
    case 'dead':
    case 'cancelled':
      return { kind: 'settle' };
    case 'pending': {
      const available = state.availableAt ? Date.parse(state.availableAt) : now;
      return available <= now ? { kind: 'claim' } : { kind: 'wait', until: available };
    }
    case 'running': {
      const expires = state.leaseExpiresAt ? Date.parse(state.leaseExpiresAt) : now;
      return expires <= now ? { kind: 'claim' } : { kind: 'wait', until: expires };
    }
    case 'none':
      // Announced but not readable yet (a follower node lagging): look again shortly.
      return { kind: 'wait', until: now + 1_000 };
  }
};

/** The job an announcement is about, or null for anything else the subscription may deliver. */
export const announcedJob = (
  resolved: PersistentSubscriptionToAllResolvedEvent,
): JobRequested['data'] | null => {
  const event = fromEsdbEvent(resolved);
  if (!event || event.type !== 'JobRequested') return null;
  return event.data as JobRequested['data'];
};

export interface JobGroupOptions {
  /** How long the server waits for an acknowledgement before offering the announcement to another consumer. */
  readonly messageTimeoutMs: number;
  /** Production starts from the beginning (older job announcements included); tests start at the end. */
  readonly from: 'start' | 'end';
}

/**
 * The consumer group's settings. Announcements stay unacknowledged for as long as their job lives, so the server
 * re-offers each one every messageTimeoutMs: that is how a job held by a hung or dead process reaches a live one.
 * The retry count therefore grows with a job's running time, hence the very high maximum before parking.
 */
export const jobGroupSettings = (options: JobGroupOptions): PersistentSubscriptionToAllSettings =>
  persistentSubscriptionToAllSettingsFromDefaults({
    startFrom: options.from === 'start' ? START : END,
    messageTimeout: options.messageTimeoutMs,
    maxRetryCount: 100_000,
    consumerStrategyName: 'RoundRobin',
    checkPointAfter: 1_000,
  });

export const JOB_ANNOUNCEMENTS = eventTypeFilter({ regex: '^JobRequested$' });

// ---- The adapter ----

export interface EventStoreDbJobQueueOptions {
  readonly client: EventStoreDBClient;
  /** The event store on the same server (EventStoreDbEventStore): job streams live there. */
  readonly events: EventStore;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly leaseMs?: number;
  /** The consumer group every job worker joins. */
  readonly group?: string;
  /** Defaults to the lease: a job whose holder vanished is re-offered about when its lease runs out. */
  readonly messageTimeoutMs?: number;
  /** Announcements this process may hold unacknowledged at once. */
  readonly bufferSize?: number;
  readonly from?: 'start' | 'end';
}

interface Held {
  resolved: PersistentSubscriptionToAllResolvedEvent;
  requested: JobRequested['data'];
  /** When this process should look at the job again (lease or backoff end); 0 = now. */
  dueAt: number;
}

/**
 * The production job queue on EventStoreDB: a persistent subscription (consumer group) to $all, filtered to
 * JobRequested, hands each job's announcement to one of the connected job workers (competing consumers); the
 * job stream (`job-{id}`, the same events as the embedded queue) stays the single source of truth. A worker
 * claims by appending JobClaimed with optimistic concurrency, holds the announcement unacknowledged while the
 * job lives and acknowledges it once the job is over. When a worker process dies its connection drops and the
 * server re-offers what it held; a live but hung holder loses the announcement after messageTimeoutMs. The
 * process it lands on claims the job when its lease runs out.
 */
export class EventStoreDbJobQueue implements JobQueue {
  private readonly streams: JobStreams;
  private readonly held = new Map<string, Held>();
  /**
   * The turn order among the announcements this process holds: when it last claimed a job of each owner, and
   * which of its claims still run, per kind of job (workers of different kinds are different pools). (Each process
   * sees only what the server offered it, so owners take turns within a process; the server spreads announcements
   * over the processes.)
   */
  private readonly turns = new ClaimTurns();
  private readonly runningHere = new Map<string, { readonly ownerId: string; readonly kind: string }>();
  private readonly waiters = new WorkWaiters();
  private readonly leaseMs: number;
  private readonly group: string;
  private subscription: PersistentSubscriptionToAll | null = null;
  private started: Promise<void> | null = null;
  private groupReady: Promise<void> | null = null;
  private pump: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: EventStoreDbJobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.streams = new JobStreams({ ...options, leaseMs: this.leaseMs });
    this.group = options.group ?? 'scrivo-jobs';
  }

  get lease(): number {
    return this.leaseMs;
  }

  /** The consumer group must exist before the first announcement when it starts at the end (tests). */
  private ensureGroup(): Promise<void> {
    this.groupReady ??= this.options.client
      .createPersistentSubscriptionToAll(
        this.group,
        jobGroupSettings({
          messageTimeoutMs: this.options.messageTimeoutMs ?? this.leaseMs,
          from: this.options.from ?? 'start',
        }),
        { filter: JOB_ANNOUNCEMENTS },
      )
      .catch((error: unknown) => {
        if (!(error instanceof PersistentSubscriptionExistsError)) {
          this.groupReady = null;
          throw error;
        }
      });
    return this.groupReady;
  }

  /**
   * Joins the group. Only processes that claim do: one that merely enqueues (the API) must not hold
   * announcements it will never work on.
   */
  private start(): Promise<void> {
    this.started ??= (async () => {
      await this.ensureGroup();
      const subscription = this.options.client.subscribeToPersistentSubscriptionToAll(this.group, {
        bufferSize: this.options.bufferSize ?? 10,
      });
      this.subscription = subscription;
      this.pump = (async () => {
        for await (const resolved of subscription) {
          const requested = announcedJob(resolved);
          if (!requested) {
            await subscription.ack(resolved);
            continue;
          }
          // A re-offer replaces what we held: only the newest delivery can be acknowledged meaningfully.
          this.held.set(requested.jobId, { resolved, requested, dueAt: 0 });
          this.waiters.wake();
        }
      })().catch(() => {
        // Dropped (server restart): what we held went back to the group; the next claim joins again.
        this.subscription = null;
        if (!this.closed) this.started = null;
      });
    })();
    return this.started;
  }

  async enqueue(job: EnqueueJob, context: { correlationId: string }): Promise<void> {
    await this.ensureGroup();
    await this.streams.request(job, context);
  }

  async claim(workerId: string, kinds: readonly string[]): Promise<ClaimedJob | null> {
    await this.start();
    const now = this.options.clock.now().getTime();
    const candidates = [...this.held.values()]
      .filter((h) => kinds.includes(h.requested.kind))
      .map((held) => ({
        held,
        ownerId: held.requested.ownerId,
        requestedAt: held.requested.requestedAt,
        workSeconds: held.requested.workSeconds,
      }));
    for (const { held: candidate } of fairOrder(candidates, (ownerId) => this.shareOf(ownerId, kinds))) {
      const jobId = candidate.requested.jobId;
      const step = nextStep((await this.streams.load(jobId)).state, now);
      if (step.kind === 'settle') {
        await this.settle(jobId);
        continue;
      }
      if (step.kind === 'wait') {
        candidate.dueAt = step.until;
        continue;
      }
      const claimed = await this.streams.claim(candidate.requested, workerId);
      if (claimed) {
        this.turns.took(claimed.ownerId, claimed.kind, new Date(now).toISOString());
        this.runningHere.set(claimed.jobId, { ownerId: claimed.ownerId, kind: claimed.kind });
        return claimed;
      }
      // Another process claimed it first (it held a re-offered copy): look again when that lease may end.
      candidate.dueAt = now + this.leaseMs;
    }
    return null;
  }

  private shareOf(ownerId: string, kinds: readonly string[]): OwnerShare {
    let running = 0;
    for (const job of this.runningHere.values())
      if (job.ownerId === ownerId && kinds.includes(job.kind)) running += 1;
    return { running, lastClaimedAt: this.turns.lastClaimedAt(ownerId, kinds) };
  }

  async waitForWork(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    void this.start().catch(() => undefined);
    const now = this.options.clock.now().getTime();
    const due = [...this.held.values()].map((h) => h.dueAt - now);
    await this.waiters.wait(untilDue(maxWaitMs, due), signal);
  }

  heartbeat(job: ClaimedJob): Promise<void> {
    return this.streams.heartbeat(job);
  }

  progress(job: ClaimedJob, progress: number): Promise<void> {
    return this.streams.progress(job, progress);
  }

  async complete(job: ClaimedJob): Promise<void> {
    await this.streams.complete(job);
    await this.settle(job.jobId);
  }

  async fail(job: ClaimedJob, reason: string, retryable: boolean): Promise<{ willRetry: boolean }> {
    const { retryAt } = await this.streams.fail(job, reason, retryable);
    this.runningHere.delete(job.jobId);
    // A retry stays with this process (it still holds the announcement); a dead job is over.
    if (retryAt !== null) {
      const held = this.held.get(job.jobId);
      if (held) held.dueAt = Date.parse(retryAt);
    } else await this.settle(job.jobId);
    return { willRetry: retryAt !== null };
  }

  async cancel(jobId: string, context: { correlationId: string }): Promise<void> {
    await this.streams.cancel(jobId, context);
    await this.settle(jobId);
  }

  async close(): Promise<void> {
    this.closed = true;
    const subscription = this.subscription;
    this.subscription = null;
    // Unacknowledged announcements go back to the group: other processes take over once the leases run out.
    await subscription?.unsubscribe().catch(() => undefined);
    await this.pump;
    this.held.clear();
    this.waiters.wake();
  }

  private async settle(jobId: string): Promise<void> {
    this.runningHere.delete(jobId);
    const held = this.held.get(jobId);
    if (!held) return;
    this.held.delete(jobId);
    // Acknowledging a copy the server already re-offered elsewhere is harmless; the holder there settles too.
    await this.subscription?.ack(held.resolved).catch(() => undefined);
  }
}
