import { setMaxListeners } from 'node:events';
import { DomainError } from '@scrivo/domain';
import { type ClaimedJob, type JobQueue, LeaseLostError } from '@scrivo/domain/jobs';
import type { WorkerLogger } from '../recordings/transcription-worker';
import { runWhenLanguageModelAvailable } from './wait-for-language-model';

/** How often a running job asks whether it is still wanted (cancelled, or replaced by a newer request). */
const STILL_WANTED_CHECK_MS = 1000;

/** What a job of one kind does; the worker keeps its lease and stops it when it is no longer wanted. */
export interface LanguageJobHandler {
  readonly kind: string;
  /** False once the job was cancelled or replaced: the handler is aborted and writes nothing. */
  stillWanted(job: ClaimedJob): Promise<boolean>;
  run(job: ClaimedJob, signal: AbortSignal): Promise<void>;
  /**
   * The job failed. `final`: no attempt follows (a permanent error or the last attempt), so the subject must
   * learn why, in words its owner understands.
   */
  failed(job: ClaimedJob, error: unknown, final: boolean): Promise<void>;
  /** Errors that another attempt cannot fix (a malformed answer twice, an unsupported pair). */
  isPermanent(error: unknown): boolean;
}

export interface LanguageJobWorkerDeps {
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly handlers: readonly LanguageJobHandler[];
  /** Jobs run at once: a slot claims only when free, so transcription (another worker) is never starved. */
  readonly concurrency: number;
  readonly leaseMs: number;
  readonly logger: WorkerLogger;
  /** How long a job waits for a stopped or restarting language model before spending an attempt (30 min). */
  readonly engineOutageMaxMs?: number;
}

/**
 * Runs summary and translation jobs from the durable queue: claims the kinds it has handlers for, heartbeats
 * the lease, stops a job the moment it is cancelled, and completes or fails it. Several workers (and several
 * slots in one) compete for jobs; a crashed one's job is taken over when its lease runs out.
 */
export class LanguageJobWorker {
  private readonly abort = new AbortController();
  private running: Promise<void>[] = [];

  constructor(private readonly deps: LanguageJobWorkerDeps) {}

  start(): void {
    if (this.running.length > 0 || this.deps.handlers.length === 0) return;
    this.running = Array.from({ length: this.deps.concurrency }, (_, slot) => this.loop(slot));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.running);
  }

  private async loop(slot: number): Promise<void> {
    const kinds = this.deps.handlers.map((h) => h.kind);
    const workerId = `${this.deps.workerId}-lang${slot}`;
    while (!this.abort.signal.aborted) {
      try {
        const job = await this.deps.jobs.claim(workerId, kinds);
        if (job) await this.run(job);
        else await this.deps.jobs.waitForWork(5_000, this.abort.signal);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.deps.logger.error({ err: error }, 'language job loop error');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { jobs, logger } = this.deps;
    const handler = this.deps.handlers.find((h) => h.kind === job.kind);
    if (!handler) return;
    if (!(await handler.stillWanted(job))) {
      await jobs.complete(job).catch(() => undefined);
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
    let checking = false;
    const watch = setInterval(() => {
      if (checking || lost.signal.aborted) return;
      checking = true;
      handler
        .stillWanted(job)
        .then((wanted) => {
          if (!wanted) lost.abort();
        })
        .catch(() => undefined) // a store hiccup: the next check, or the heartbeat, will tell
        .finally(() => {
          checking = false;
        });
    }, STILL_WANTED_CHECK_MS);
    try {
      logger.info({ jobId: job.jobId, kind: job.kind, subjectId: job.subjectId }, 'language job started');
      await runWhenLanguageModelAvailable(() => handler.run(job, lost.signal), {
        signal: lost.signal,
        maxWaitMs: this.deps.engineOutageMaxMs ?? 1_800_000,
        logger,
        context: { jobId: job.jobId, kind: job.kind },
      });
      if (lost.signal.aborted) return;
      await jobs.complete(job);
      logger.info({ jobId: job.jobId, kind: job.kind }, 'language job completed');
    } catch (error) {
      // The subject's decider refuses the result of a job that is no longer current, with the queue's own code.
      const notCurrent = error instanceof DomainError && error.code === 'JOB_LEASE_LOST';
      if (lost.signal.aborted || error instanceof LeaseLostError || notCurrent) {
        logger.warn({ jobId: job.jobId, kind: job.kind }, 'language job dropped: cancelled or shutting down');
        return;
      }
      const permanent = handler.isPermanent(error);
      const final = permanent || job.attempt >= job.maxAttempts;
      logger.warn({ jobId: job.jobId, kind: job.kind, err: error, permanent }, 'language job attempt failed');
      if (final) await handler.failed(job, error, true);
      const reason = error instanceof Error ? error.message : String(error);
      await jobs.fail(job, reason, !permanent).catch((failure: unknown) => {
        if (!(failure instanceof LeaseLostError)) throw failure;
      });
    } finally {
      clearInterval(beat);
      clearInterval(watch);
      this.abort.signal.removeEventListener('abort', stopOnShutdown);
    }
  }
}
