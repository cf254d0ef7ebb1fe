import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import type { JobEvent, JobRequested } from './events';

export type JobStatus = 'none' | 'pending' | 'running' | 'completed' | 'dead' | 'cancelled';

export interface JobState {
  readonly status: JobStatus;
  readonly jobId: string;
  readonly kind: string;
  readonly maxAttempts: number;
  readonly attempt: number;
  readonly workerId: string | null;
  readonly leaseExpiresAt: string | null;
  /** Earliest time a pending job may be claimed (backoff after a failure). */
  readonly availableAt: string | null;
  readonly progress: number;
}

export type JobCommand =
  | {
      type: 'RequestJob';
      jobId: string;
      kind: string;
      subjectId: string;
      ownerId: string;
      payload: Record<string, unknown>;
      maxAttempts?: number;
      workSeconds?: number;
      now: string;
    }
  | { type: 'ClaimJob'; workerId: string; leaseMs: number; now: string }
  | { type: 'Heartbeat'; workerId: string; attempt: number; leaseMs: number; now: string }
  | {
      type: 'ReportProgress';
      workerId: string;
      attempt: number;
      progress: number;
      leaseMs: number;
      now: string;
    }
  | { type: 'CompleteJob'; workerId: string; attempt: number; now: string }
  | { type: 'FailJob'; workerId: string; attempt: number; reason: string; retryable: boolean; now: string }
  | { type: 'CancelJob'; now: string };

export const DEFAULT_MAX_ATTEMPTS = 3;

/** Exponential backoff: 5 s, 20 s, 80 s ... capped at 10 minutes. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(600_000, 5_000 * 4 ** Math.max(0, attempt - 1));

const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString();

/** The lease is lost: another worker took the job over, or it ended. The worker must stop working on it. */
export class LeaseLostError extends DomainError {
  constructor(jobId: string, why: string) {
    super('JOB_LEASE_LOST', `Job ${jobId}: ${why}`);
    this.name = 'LeaseLostError';
  }
}

/**
 * A durable job as a decider over its own stream. A worker claims it with a lease and keeps the lease alive
 * with heartbeats; when the lease runs out (the worker died) any worker may claim it again as the next attempt.
 * Reports from an attempt that is no longer current are refused with LeaseLostError.
 */
export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: () => ({
    status: 'none',
    jobId: '',
    kind: '',
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    attempt: 0,
    workerId: null,
    leaseExpiresAt: null,
    availableAt: null,
    progress: 0,
  }),

  decide(command, state) {
    if (command.type === 'RequestJob') {
      if (state.status !== 'none') return [];
      const requested: JobRequested = {
        type: 'JobRequested',
        data: {
          jobId: command.jobId,
          kind: command.kind,
          subjectId: command.subjectId,
          ownerId: command.ownerId,
          payload: command.payload,
          maxAttempts: command.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          requestedAt: command.now,
          ...(command.workSeconds === undefined ? {} : { workSeconds: command.workSeconds }),
        },
      };
      return [requested];
    }
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'Job not found');
    const { jobId } = state;
    const owns = (c: { workerId: string; attempt: number }) => {
      if (state.status === 'cancelled') throw new LeaseLostError(jobId, 'it was cancelled');
      if (state.status !== 'running' || state.workerId !== c.workerId || state.attempt !== c.attempt)
        throw new LeaseLostError(jobId, `attempt ${c.attempt} by ${c.workerId} is no longer the current one`);
    };

    switch (command.type) {
      case 'ClaimJob': {
        const now = Date.parse(command.now);
        const claimable =
          (state.status === 'pending' && (!state.availableAt || Date.parse(state.availableAt) <= now)) ||
          (state.status === 'running' &&
            state.leaseExpiresAt !== null &&
            Date.parse(state.leaseExpiresAt) <= now);
        if (!claimable) throw new DomainError('JOB_NOT_CLAIMABLE', `Job ${jobId} is not available`);
        const attempt = state.attempt + 1;
        if (attempt > state.maxAttempts) {
          // The previous attempt's worker died on the last attempt: the job is dead, not retried forever.
          return [
            {
              type: 'JobFailed',
              data: {
                jobId,
                workerId: state.workerId ?? command.workerId,
                attempt: state.attempt,
                reason: 'The worker stopped responding on the last attempt.',
                retryAt: null,
                at: command.now,
              },
            },
          ];
        }
        return [
          {
            type: 'JobClaimed',
            data: {
              jobId,
              workerId: command.workerId,
              attempt,
              leaseExpiresAt: at(command.now, command.leaseMs),
              claimedAt: command.now,
            },
          },
        ];
      }
      case 'Heartbeat':
        owns(command);
        return [
          {
            type: 'JobHeartbeat',
            data: {
              jobId,
              workerId: command.workerId,
              attempt: command.attempt,
              leaseExpiresAt: at(command.now, command.leaseMs),
              at: command.now,
            },
          },
        ];
      case 'ReportProgress':
        owns(command);
        return [
          {
            type: 'JobProgressed',
            data: {
              jobId,
              workerId: command.workerId,
              attempt: command.attempt,
              progress: Math.min(1, Math.max(0, command.progress)),
              at: command.now,
            },
          },
          {
            type: 'JobHeartbeat',
            data: {
              jobId,
              workerId: command.workerId,
              attempt: command.attempt,
              leaseExpiresAt: at(command.now, command.leaseMs),
              at: command.now,
            },
          },
        ];
      case 'CompleteJob':
        if (state.status === 'completed') return [];
        owns(command);
        return [
          {
            type: 'JobCompleted',
            data: { jobId, workerId: command.workerId, attempt: command.attempt, completedAt: command.now },
          },
        ];
      case 'FailJob': {
        owns(command);
        const retry = command.retryable && state.attempt < state.maxAttempts;
        return [
          {
            type: 'JobFailed',
            data: {
              jobId,
              workerId: command.workerId,
              attempt: command.attempt,
              reason: command.reason,
              retryAt: retry ? at(command.now, retryDelayMs(state.attempt)) : null,
              at: command.now,
            },
          },
        ];
      }
      case 'CancelJob':
        if (state.status === 'completed' || state.status === 'dead' || state.status === 'cancelled')
          return [];
        return [{ type: 'JobCancelled', data: { jobId, at: command.now } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'JobRequested':
        return {
          ...state,
          status: 'pending',
          jobId: event.data.jobId,
          kind: event.data.kind,
          maxAttempts: event.data.maxAttempts,
          availableAt: event.data.requestedAt,
        };
      case 'JobClaimed':
        return {
          ...state,
          status: 'running',
          attempt: event.data.attempt,
          workerId: event.data.workerId,
          leaseExpiresAt: event.data.leaseExpiresAt,
          progress: 0,
        };
      case 'JobHeartbeat':
        return { ...state, leaseExpiresAt: event.data.leaseExpiresAt };
      case 'JobProgressed':
        return { ...state, progress: event.data.progress };
      case 'JobCompleted':
        return { ...state, status: 'completed', leaseExpiresAt: null, progress: 1 };
      case 'JobFailed':
        return event.data.retryAt
          ? {
              ...state,
              status: 'pending',
              workerId: null,
              leaseExpiresAt: null,
              availableAt: event.data.retryAt,
            }
          : { ...state, status: 'dead', leaseExpiresAt: null };
      case 'JobCancelled':
        return { ...state, status: 'cancelled', leaseExpiresAt: null };
    }
  },
};
