import {
  type Clock,
  type CommandContext,
  CommandHandler,
  ConcurrencyError,
  DomainError,
  type EventStore,
  type HandleResult,
  type Ids,
} from '@scrivo/domain';
import {
  type ClaimedJob,
  type EnqueueJob,
  type JobCommand,
  jobDecider,
  type JobEvent,
  type JobRequested,
  type JobState,
  jobStream,
} from '@scrivo/domain/jobs';

export interface JobStreamsOptions {
  readonly events: EventStore;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly leaseMs: number;
  /**
   * Told after every change a command made to a job stream (not when it changed nothing or was refused), with
   * the stream's state and revision after it: a queue that keeps a shared index of jobs updates it from here.
   */
  readonly onChange?: (change: JobChange) => Promise<void>;
}

export interface JobChange {
  readonly jobId: string;
  readonly state: JobState;
  /** The stream revision this state is at. */
  readonly revision: number;
  readonly events: readonly JobEvent[];
}

const system = { kind: 'worker' as const, id: 'job-queue' };

/**
 * The commands on job streams (`job-{id}`) that every job queue shares: the stream is each job's single source of
 * truth, whichever way a queue finds candidates (a catch-up index or a persistent subscription).
 */
export class JobStreams {
  /** Requests, claims and cancellations are decided once: a conflict means someone else acted first. */
  private readonly once: CommandHandler<JobCommand, JobEvent, JobState>;
  /** Reports race only with cancellation and takeovers, which the decider turns into LeaseLostError: a conflict reloads. */
  private readonly reports: CommandHandler<JobCommand, JobEvent, JobState>;

  constructor(private readonly options: JobStreamsOptions) {
    const deps = { store: options.events, clock: options.clock, ids: options.ids };
    this.once = new CommandHandler(jobDecider, { ...deps, maxRetries: 0 });
    this.reports = new CommandHandler(jobDecider, deps);
  }

  async request(job: EnqueueJob, context: { correlationId: string }): Promise<void> {
    await this.handle(
      this.once,
      job.jobId,
      { type: 'RequestJob', ...job, now: this.now() },
      { actor: system, correlationId: context.correlationId },
    );
  }

  /** Appends JobClaimed; null when another worker was faster or the job is not claimable now. */
  async claim(requested: JobRequested['data'], workerId: string): Promise<ClaimedJob | null> {
    try {
      const result = await this.handle(
        this.once,
        requested.jobId,
        { type: 'ClaimJob', workerId, leaseMs: this.options.leaseMs, now: this.now() },
        { actor: { kind: 'worker', id: workerId }, correlationId: requested.jobId },
      );
      const claimed = result.newEvents.find((e) => e.type === 'JobClaimed');
      if (!claimed || claimed.type !== 'JobClaimed') return null;
      return {
        jobId: requested.jobId,
        kind: requested.kind,
        subjectId: requested.subjectId,
        ownerId: requested.ownerId,
        payload: requested.payload,
        attempt: claimed.data.attempt,
        maxAttempts: requested.maxAttempts,
        workerId,
      };
    } catch (error) {
      if (
        error instanceof ConcurrencyError ||
        (error instanceof DomainError && error.code === 'JOB_NOT_CLAIMABLE')
      )
        return null;
      throw error;
    }
  }

  async heartbeat(job: ClaimedJob): Promise<void> {
    await this.report(job, {
      type: 'Heartbeat',
      workerId: job.workerId,
      attempt: job.attempt,
      leaseMs: this.options.leaseMs,
      now: this.now(),
    });
  }

  async progress(job: ClaimedJob, progress: number): Promise<void> {
    await this.report(job, {
      type: 'ReportProgress',
      workerId: job.workerId,
      attempt: job.attempt,
      progress,
      leaseMs: this.options.leaseMs,
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

  /** Records the failure; retryAt is when the next attempt may start, null when the job is dead. */
  async fail(job: ClaimedJob, reason: string, retryable: boolean): Promise<{ retryAt: string | null }> {
    const result = await this.report(job, {
      type: 'FailJob',
      workerId: job.workerId,
      attempt: job.attempt,
      reason,
      retryable,
      now: this.now(),
    });
    const failed = result.newEvents.find((e) => e.type === 'JobFailed');
    return { retryAt: failed?.type === 'JobFailed' ? failed.data.retryAt : null };
  }

  async cancel(jobId: string, context: { correlationId: string }): Promise<void> {
    await this.handle(
      this.once,
      jobId,
      { type: 'CancelJob', now: this.now() },
      { actor: system, correlationId: context.correlationId },
    );
  }

  /** The job stream's state now, and the revision it is at (null: no such stream). */
  async load(jobId: string): Promise<{ state: JobState; revision: number | null }> {
    const { state, revision } = await this.reports.load(jobStream(jobId));
    return { state, revision };
  }

  private report(job: ClaimedJob, command: JobCommand) {
    return this.handle(this.reports, job.jobId, command, {
      actor: { kind: 'worker', id: job.workerId },
      correlationId: job.jobId,
    });
  }

  private async handle(
    handler: CommandHandler<JobCommand, JobEvent, JobState>,
    jobId: string,
    command: JobCommand,
    context: CommandContext,
  ): Promise<HandleResult<JobEvent, JobState>> {
    const result = await handler.handle(jobStream(jobId), command, context);
    if (result.newEvents.length > 0 && this.options.onChange)
      await this.options.onChange({
        jobId,
        state: result.state,
        revision: result.revision,
        events: result.newEvents,
      });
    return result;
  }

  private now(): string {
    return this.options.clock.now().toISOString();
  }
}
