import type { DomainEvent } from '../kernel/events';

// ---- job stream: `job-{jobId}` ----
export type JobRequested = DomainEvent<
  'JobRequested',
  {
    jobId: string;
    /** What kind of work ("transcription"); workers claim the kinds they can do. */
    kind: string;
    /** The entity the job works on (a recording id). */
    subjectId: string;
    ownerId: string;
    payload: Record<string, unknown>;
    maxAttempts: number;
    requestedAt: string;
    /**
     * How much work it is, in seconds of audio for transcriptions: short work goes ahead of long work in the line
     * (fair-order.ts). Absent on jobs requested before it was said, and on kinds that do not say: long work.
     */
    workSeconds?: number;
  }
>;
export type JobClaimed = DomainEvent<
  'JobClaimed',
  { jobId: string; workerId: string; attempt: number; leaseExpiresAt: string; claimedAt: string }
>;
export type JobHeartbeat = DomainEvent<
  'JobHeartbeat',
  { jobId: string; workerId: string; attempt: number; leaseExpiresAt: string; at: string }
>;
export type JobProgressed = DomainEvent<
  'JobProgressed',
  { jobId: string; workerId: string; attempt: number; progress: number; at: string }
>;
export type JobCompleted = DomainEvent<
  'JobCompleted',
  { jobId: string; workerId: string; attempt: number; completedAt: string }
>;
export type JobFailed = DomainEvent<
  'JobFailed',
  {
    jobId: string;
    workerId: string;
    attempt: number;
    reason: string;
    /** When the next attempt may start; null = no more attempts (the job is dead). */
    retryAt: string | null;
    at: string;
  }
>;
export type JobCancelled = DomainEvent<'JobCancelled', { jobId: string; at: string }>;

export type JobEvent =
  JobRequested | JobClaimed | JobHeartbeat | JobProgressed | JobCompleted | JobFailed | JobCancelled;

export const JOB_EVENT_TYPES: readonly JobEvent['type'][] = [
  'JobRequested',
  'JobClaimed',
  'JobHeartbeat',
  'JobProgressed',
  'JobCompleted',
  'JobFailed',
  'JobCancelled',
];

export const jobStream = (jobId: string) => `job-${jobId}`;
