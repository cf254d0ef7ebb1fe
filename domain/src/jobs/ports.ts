import type { CancelSignal } from '../recordings/ports';

/** A job handed to a worker: run it, heartbeat, report progress, then complete or fail it. */
export interface ClaimedJob {
  readonly jobId: string;
  readonly kind: string;
  readonly subjectId: string;
  readonly ownerId: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly workerId: string;
}

export interface EnqueueJob {
  readonly jobId: string;
  readonly kind: string;
  readonly subjectId: string;
  readonly ownerId: string;
  readonly payload: Record<string, unknown>;
  readonly maxAttempts?: number;
  /** How much work it is (seconds of audio): short work is taken ahead of long work (fair-order.ts). */
  readonly workSeconds?: number;
}

/**
 * The durable job queue: competing consumers over the event store. Every method that reports on a job throws
 * LeaseLostError when the caller's attempt is no longer the current one (lease expired and taken over, or
 * cancelled): the worker must then drop the job without writing results.
 */
export interface JobQueue {
  enqueue(job: EnqueueJob, context: { correlationId: string }): Promise<void>;
  /** The next claimable job of one of these kinds, or null when there is none right now. */
  claim(workerId: string, kinds: readonly string[]): Promise<ClaimedJob | null>;
  /** Resolves when a job may have become claimable (new job, lease or backoff ran out), or after maxWaitMs. */
  waitForWork(maxWaitMs: number, signal?: CancelSignal): Promise<void>;
  heartbeat(job: ClaimedJob): Promise<void>;
  progress(job: ClaimedJob, progress: number): Promise<void>;
  complete(job: ClaimedJob): Promise<void>;
  fail(job: ClaimedJob, reason: string, retryable: boolean): Promise<{ willRetry: boolean }>;
  cancel(jobId: string, context: { correlationId: string }): Promise<void>;
  /**
   * While a job waits: how many jobs of these kinds come before it, those running now and those a free worker
   * would take first (owners taking turns). Null when it is not waiting (claimed, finished). A queue that cannot
   * see the whole line (each process holds only what the server offered it) has no such method.
   */
  ahead?(jobId: string, kinds: readonly string[]): Promise<number | null>;
  close(): Promise<void>;
}
