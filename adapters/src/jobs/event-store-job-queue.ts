import {
  type Clock,
  CommandHandler,
  ConcurrencyError,
  DomainError,
  type EventStore,
  type Ids,
  type RecordedEvent,
  type Subscription,
} from '@scrivo/domain';
import {
  type ClaimedJob,
  type EnqueueJob,
  type JobCommand,
  jobDecider,
  type JobEvent,
  type JobQueue,
  type JobRequested,
  type JobState,
  jobStream,
  JOB_EVENT_TYPES,
} from '@scrivo/domain/jobs';

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
const system = { kind: 'worker' as const, id: 'job-queue' };

/**
 * The embedded job queue: jobs are event streams (`job-{id}`), and a worker claims one by appending JobClaimed
 * with optimistic concurrency, so of several workers (in any number of processes sharing the store) exactly
 * one wins each job. Each process keeps an index of open jobs from a catch-up subscription to find candidates.
 */
export class EventStoreJobQueue implements JobQueue {
  private readonly handler: CommandHandler<JobCommand, JobEvent, JobState>;
  private readonly index = new Map<string, Indexed>();
  private readonly leaseMs: number;
  private position = -1;
  private subscription: Subscription | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: EventStoreJobQueueOptions) {
    this.handler = new CommandHandler(jobDecider, {
      store: options.events,
      clock: options.clock,
      ids: options.ids,
      maxRetries: 0,
    });
    this.leaseMs = options.leaseMs ?? 30_000;
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
          if (
            current.state.status === 'completed' ||
            current.state.status === 'dead' ||
            current.state.status === 'cancelled'
          )
            this.index.delete(jobId);
        }
        for (const listener of [...this.listeners]) listener();
      },
    });
  }

  /** Waits until this process's index includes everything appended so far. */
  private async caughtUp(): Promise<void> {
    this.start();
    const head = await this.options.events.headPosition();
    while (this.position < head) await new Promise((r) => setTimeout(r, 10));
  }

  async enqueue(job: EnqueueJob, context: { correlationId: string }): Promise<void> {
    await this.handler.handle(
      jobStream(job.jobId),
      { type: 'RequestJob', ...job, now: this.now() },
      { actor: system, correlationId: context.correlationId },
    );
  }

  async claim(workerId: string, kinds: readonly string[]): Promise<ClaimedJob | null> {
    await this.caughtUp();
    const now = this.options.clock.now().getTime();
    const candidates = [...this.index.values()]
      .filter(({ state }) => kinds.includes(state.kind))
      .filter(
        ({ state }) =>
          (state.status === 'pending' && (!state.availableAt || Date.parse(state.availableAt) <= now)) ||
          (state.status === 'running' &&
            state.leaseExpiresAt !== null &&
            Date.parse(state.leaseExpiresAt) <= now),
      )
      .sort((a, b) => a.requested.requestedAt.localeCompare(b.requested.requestedAt));
    for (const candidate of candidates) {
      try {
        const result = await this.handler.handle(
          jobStream(candidate.requested.jobId),
          { type: 'ClaimJob', workerId, leaseMs: this.leaseMs, now: this.now() },
          { actor: { kind: 'worker', id: workerId }, correlationId: candidate.requested.jobId },
        );
        const claimed = result.newEvents.find((e) => e.type === 'JobClaimed');
        if (!claimed || claimed.type !== 'JobClaimed') continue;
        const r = candidate.requested;
        return {
          jobId: r.jobId,
          kind: r.kind,
          subjectId: r.subjectId,
          ownerId: r.ownerId,
          payload: r.payload,
          attempt: claimed.data.attempt,
          maxAttempts: r.maxAttempts,
          workerId,
        };
      } catch (error) {
        // Another worker was faster (conflict) or the job changed under us: try the next one.
        if (
          error instanceof ConcurrencyError ||
          (error instanceof DomainError && error.code === 'JOB_NOT_CLAIMABLE')
        )
          continue;
        throw error;
      }
    }
    return null;
  }

  async waitForWork(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    this.start();
    const now = this.options.clock.now().getTime();
    // Wake up when the earliest lease or backoff runs out, even if no event arrives.
    const due = [...this.index.values()]
      .map(({ state }) => (state.status === 'running' ? state.leaseExpiresAt : state.availableAt))
      .filter((t): t is string => t !== null)
      .map((t) => Date.parse(t) - now);
    const wait = Math.max(0, Math.min(maxWaitMs, ...due.map((d) => d + 5)));
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.listeners.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  async heartbeat(job: ClaimedJob): Promise<void> {
    await this.report(job, {
      type: 'Heartbeat',
      workerId: job.workerId,
      attempt: job.attempt,
      leaseMs: this.leaseMs,
      now: this.now(),
    });
  }

  async progress(job: ClaimedJob, progress: number): Promise<void> {
    await this.report(job, {
      type: 'ReportProgress',
      workerId: job.workerId,
      attempt: job.attempt,
      progress,
      leaseMs: this.leaseMs,
      now: this.now(),
    });
  }

  async complete(job: ClaimedJob): Promise<void> {
    await this.report(job, {
      type: 'CompleteJob',
      workerId: job.workerId,
      attempt: job.attempt,
      now: this.now(),
    });
  }

  async fail(job: ClaimedJob, reason: string, retryable: boolean): Promise<{ willRetry: boolean }> {
    const result = await this.report(job, {
      type: 'FailJob',
      workerId: job.workerId,
      attempt: job.attempt,
      reason,
      retryable,
      now: this.now(),
    });
    const failed = result.newEvents.find((e) => e.type === 'JobFailed');
    return { willRetry: failed?.type === 'JobFailed' && failed.data.retryAt !== null };
  }

  async cancel(jobId: string, context: { correlationId: string }): Promise<void> {
    await this.handler.handle(
      jobStream(jobId),
      { type: 'CancelJob', now: this.now() },
      { actor: system, correlationId: context.correlationId },
    );
  }

  async close(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    for (const listener of [...this.listeners]) listener();
  }

  private report(job: ClaimedJob, command: JobCommand) {
    // Heartbeats race with nothing but cancellation and takeovers, which the decider turns into LeaseLostError;
    // a conflict is retried by reloading.
    return new CommandHandler(jobDecider, {
      store: this.options.events,
      clock: this.options.clock,
      ids: this.options.ids,
    }).handle(jobStream(job.jobId), command, {
      actor: { kind: 'worker', id: job.workerId },
      correlationId: job.jobId,
    });
  }

  private now(): string {
    return this.options.clock.now().toISOString();
  }
}
