import type { ClaimedJob } from '@scrivo/domain/jobs';

/**
 * Where a job stands with its subject: still wanted; done (an earlier attempt recorded its result, then died before
 * closing the job); or unwanted (cancelled, deleted, replaced by a newer request).
 */
export type StillWanted = 'wanted' | 'done' | 'unwanted';

/** What a job of one kind does; the job worker claims it, keeps its lease, and stops it when it is no longer wanted. */
export interface JobHandler {
  readonly kind: string;
  /**
   * Asked before the job runs and every second while it runs. A job done at the start is closed as completed, an
   * unwanted one as cancelled, neither run: its history says what happened to it. One that stops being wanted while
   * it runs is aborted and writes nothing.
   */
  stillWanted(job: ClaimedJob): Promise<StillWanted>;
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

/**
 * This server cannot do the job at all: the engine it needs is not configured here. A fact of the set-up, not a
 * rule of the domain, and no later attempt changes it; its message, written for the owner, is the job's failure.
 */
export class EngineNotConfiguredError extends Error {
  override name = 'EngineNotConfiguredError';
}
