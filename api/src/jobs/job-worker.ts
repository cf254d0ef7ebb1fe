import { setMaxListeners } from 'node:events';
import { type ClaimedJob, type JobQueue, LeaseLostError } from '@scrivo/domain/jobs';
import type { JobHandler, StillWanted } from './job-handler';
import type { WorkerLogger } from './worker-logger';

/** How often a running job asks whether it is still wanted: a cancel stops the work within a second. */
const STILL_WANTED_CHECK_MS = 1000;
/** How long an idle slot waits for a job before it claims again (a new job wakes it at once). */
const IDLE_WAIT_MS = 5000;
/** After an unexpected error (a store hiccup), before the slot claims again. */
const LOOP_ERROR_PAUSE_MS = 1000;

export interface JobWorkerDeps {
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly handlers: readonly JobHandler[];
  /** Jobs run at once: a slot claims only when free. */
  readonly concurrency?: number;
  readonly leaseMs: number;
  readonly logger: WorkerLogger;
}

/**
 * The one job-worker loop, for every kind of job (transcription, summaries, translations, data exports): claims
 * the kinds it has handlers for, heartbeats the lease, stops a job the moment it is cancelled or its lease is
 * lost, and completes or fails it. Several workers (and several slots in one) compete for jobs; a crashed one's
 * job is taken over when its lease runs out, and only that job is redone.
 */
export class JobWorker {
  private readonly abort = new AbortController();
  private running: Promise<void>[] = [];

  constructor(private readonly deps: JobWorkerDeps) {}

  start(): void {
    if (this.running.length > 0 || this.deps.handlers.length === 0) return;
    const slots = this.deps.concurrency ?? 1;
    this.running = Array.from({ length: slots }, (_, slot) =>
      this.loop(slots === 1 ? this.deps.workerId : `${this.deps.workerId}-${slot}`),
    );
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.running);
  }

  private async loop(slotId: string): Promise<void> {
    const kinds = this.deps.handlers.map((handler) => handler.kind);
    while (!this.abort.signal.aborted) {
      try {
        const job = await this.deps.jobs.claim(slotId, kinds);
        if (job) await this.run(job);
        else await this.deps.jobs.waitForWork(IDLE_WAIT_MS, this.abort.signal);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.deps.logger.error({ err: error, kinds }, 'job loop error');
        await new Promise((resolve) => setTimeout(resolve, LOOP_ERROR_PAUSE_MS));
      }
    }
  }

  /** Runs one claimed job to its end: completed, failed (retried or dead), or closed because it is done or unwanted. */
  async run(job: ClaimedJob): Promise<void> {
    const { jobs, logger } = this.deps;
    const handler = this.deps.handlers.find((candidate) => candidate.kind === job.kind);
    if (!handler) return;
    const context = { jobId: job.jobId, kind: job.kind, subjectId: job.subjectId, attempt: job.attempt };
    const atStart = await handler.stillWanted(job);
    if (atStart !== 'wanted') {
      await this.close(job, atStart).catch(() => undefined);
      return;
    }
    const lost = new AbortController();
    // Every request of a long job listens on this one signal; they are many, not leaked.
    setMaxListeners(0, lost.signal);
    const stopOnShutdown = () => lost.abort();
    this.abort.signal.addEventListener('abort', stopOnShutdown);
    const beat = setInterval(
      () => {
        jobs.heartbeat(job).catch((error: unknown) => {
          if (error instanceof LeaseLostError) lost.abort();
        });
      },
      Math.max(500, Math.floor(this.deps.leaseMs / 3)),
    );
    const watch = this.watchStanding(handler, job, lost);
    try {
      logger.info(context, 'job started');
      await handler.run(job, lost.signal);
      if (lost.signal.aborted) return await this.closeStopped(job, watch.stillWanted(), context);
      // A cancel may have landed while the last request ran, and the subject refused the result: then the job
      // closes cancelled, as its subject says, not completed. A store hiccup here must not fail work that is done.
      const after = await handler.stillWanted(job).catch((): StillWanted => 'done');
      await this.close(job, after === 'unwanted' ? 'unwanted' : 'done');
      logger.info(
        context,
        after === 'unwanted' ? 'job cancelled: its subject refused the result' : 'job completed',
      );
    } catch (error) {
      if (lost.signal.aborted || error instanceof LeaseLostError || handler.isSuperseded?.(error))
        return await this.closeStopped(job, watch.stillWanted(), context);
      const permanent = handler.isPermanent(error);
      const final = permanent || job.attempt >= job.maxAttempts;
      logger.warn({ ...context, err: error, permanent }, 'job attempt failed');
      await handler.failed(job, error, final);
      const reason = error instanceof Error ? error.message : String(error);
      await jobs.fail(job, reason, !permanent).catch((failure: unknown) => {
        // Cancelled or taken over meanwhile: the job is someone else's to close.
        if (!(failure instanceof LeaseLostError)) throw failure;
      });
    } finally {
      clearInterval(beat);
      watch.stop();
      this.abort.signal.removeEventListener('abort', stopOnShutdown);
    }
  }

  /**
   * A job done elsewhere closes as completed and an unwanted one as cancelled, at once: its history says what
   * became of it, whether or not the cancel that made it unwanted has reached the queue yet.
   */
  private close(job: ClaimedJob, stillWanted: 'done' | 'unwanted'): Promise<void> {
    return stillWanted === 'done'
      ? this.deps.jobs.complete(job)
      : this.deps.jobs.cancel(job.jobId, { correlationId: job.jobId });
  }

  /** A stopped job: closed when its subject said why; left to its lease when the lease was lost or we shut down. */
  private async closeStopped(
    job: ClaimedJob,
    stillWanted: StillWanted,
    context: Record<string, unknown>,
  ): Promise<void> {
    if (stillWanted !== 'wanted' && !this.abort.signal.aborted)
      await this.close(job, stillWanted).catch((error: unknown) => {
        if (!(error instanceof LeaseLostError)) throw error;
      });
    this.deps.logger.warn(
      { ...context, stillWanted },
      'job dropped: cancelled, done elsewhere, lease lost or shutting down',
    );
  }

  /**
   * A cancel (or delete) must stop the work at once, not at the next heartbeat (a third of the lease): aborting
   * closes the engine request, which the engine notices and drops, freeing it for the next job.
   */
  private watchStanding(
    handler: JobHandler,
    job: ClaimedJob,
    lost: AbortController,
  ): { stillWanted: () => StillWanted; stop: () => void } {
    let checking = false;
    let stillWanted: StillWanted = 'wanted';
    const timer = setInterval(() => {
      if (checking || lost.signal.aborted) return;
      checking = true;
      handler
        .stillWanted(job)
        .then((now) => {
          stillWanted = now;
          if (now !== 'wanted') lost.abort();
        })
        .catch(() => undefined) // a store hiccup: the next check, or the heartbeat, will tell
        .finally(() => {
          checking = false;
        });
    }, STILL_WANTED_CHECK_MS);
    return { stillWanted: () => stillWanted, stop: () => clearInterval(timer) };
  }
}
