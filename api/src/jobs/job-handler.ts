import type { ClaimedJob } from '@scrivo/domain/jobs';

/** What a job of one kind does; the job worker claims it, keeps its lease, and stops it when it is no longer wanted. */
export interface JobHandler {
  readonly kind: string;
  /**
   * False once the job's subject no longer wants it (cancelled, deleted, replaced by a newer request, already
   * done): a job not wanted at the start is closed without running; one that stops being wanted is aborted and
   * writes nothing.
   */
  stillWanted(job: ClaimedJob): Promise<boolean>;
  run(job: ClaimedJob, signal: AbortSignal): Promise<void>;
  /**
   * An attempt failed. `final`: no attempt follows (a permanent error or the last attempt), so the subject must
   * learn why, in words its owner understands. Called before the queue hears of the failure: if the process dies
   * in between, the attempt is run again and fails again, rather than leaving the subject waiting for good.
   */
  failed(job: ClaimedJob, error: unknown, final: boolean): Promise<void>;
  /** Errors that another attempt cannot fix (unreadable audio, over quota, a malformed answer twice). */
  isPermanent(error: unknown): boolean;
  /** Errors that mean the job is no longer current (its subject refused the result): dropped, not failed. */
  isSuperseded?(error: unknown): boolean;
}
