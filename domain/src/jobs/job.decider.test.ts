import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { JobEvent } from './events';
import { jobDecider, LeaseLostError } from './job.decider';

const spec = DeciderSpecification.for(jobDecider);
const t0 = '2026-03-01T10:00:00.000Z';
const t = (seconds: number) => new Date(Date.parse(t0) + seconds * 1000).toISOString();
const requested: JobEvent = {
  type: 'JobRequested',
  data: {
    jobId: 'j1',
    kind: 'transcription',
    subjectId: 'r1',
    ownerId: 'u1',
    payload: {},
    maxAttempts: 2,
    requestedAt: t0,
  },
};
const claimed = (workerId: string, attempt: number, at: number): JobEvent => ({
  type: 'JobClaimed',
  data: { jobId: 'j1', workerId, attempt, leaseExpiresAt: t(at + 30), claimedAt: t(at) },
});

describe('job decider (durable queue)', () => {
  it('hands a pending job to the first worker that claims it, with a lease', () => {
    spec
      .given([requested])
      .when({ type: 'ClaimJob', workerId: 'w1', leaseMs: 30_000, now: t0 })
      .then([claimed('w1', 1, 0)]);
  });

  it('refuses a second claim while the lease is alive (competing consumers get one job each)', () => {
    spec
      .given([requested, claimed('w1', 1, 0)])
      .when({ type: 'ClaimJob', workerId: 'w2', leaseMs: 30_000, now: t(10) })
      .thenThrows({ code: 'JOB_NOT_CLAIMABLE' });
  });

  it('lets another worker take over when the lease has expired (the first worker died)', () => {
    spec
      .given([requested, claimed('w1', 1, 0)])
      .when({ type: 'ClaimJob', workerId: 'w2', leaseMs: 30_000, now: t(31) })
      .then([claimed('w2', 2, 31)]);
  });

  it('heartbeats extend the lease', () => {
    spec
      .given([
        requested,
        claimed('w1', 1, 0),
        {
          type: 'JobHeartbeat',
          data: { jobId: 'j1', workerId: 'w1', attempt: 1, leaseExpiresAt: t(50), at: t(20) },
        },
      ])
      .when({ type: 'ClaimJob', workerId: 'w2', leaseMs: 30_000, now: t(40) })
      .thenThrows({ code: 'JOB_NOT_CLAIMABLE' });
  });

  it('tells a worker whose attempt was taken over that it lost the lease', () => {
    spec
      .given([requested, claimed('w1', 1, 0), claimed('w2', 2, 31)])
      .when({ type: 'CompleteJob', workerId: 'w1', attempt: 1, now: t(40) })
      .thenThrows(LeaseLostError);
  });

  it('retries a failed attempt after a backoff, then gives up after maxAttempts', () => {
    spec
      .given([requested, claimed('w1', 1, 0)])
      .when({
        type: 'FailJob',
        workerId: 'w1',
        attempt: 1,
        reason: 'speech worker down',
        retryable: true,
        now: t(5),
      })
      .then((events) => expect(events[0]?.data).toMatchObject({ retryAt: t(10) }));
    const failed1: JobEvent = {
      type: 'JobFailed',
      data: { jobId: 'j1', workerId: 'w1', attempt: 1, reason: 'x', retryAt: t(10), at: t(5) },
    };
    spec
      .given([requested, claimed('w1', 1, 0), failed1])
      .when({ type: 'ClaimJob', workerId: 'w1', leaseMs: 30_000, now: t(6) })
      .thenThrows({ code: 'JOB_NOT_CLAIMABLE' });
    spec
      .given([requested, claimed('w1', 1, 0), failed1, claimed('w1', 2, 11)])
      .when({
        type: 'FailJob',
        workerId: 'w1',
        attempt: 2,
        reason: 'down again',
        retryable: true,
        now: t(12),
      })
      .then((events) => expect(events[0]?.data).toMatchObject({ retryAt: null }));
  });

  it('does not retry a failure that retrying cannot fix', () => {
    spec
      .given([requested, claimed('w1', 1, 0)])
      .when({
        type: 'FailJob',
        workerId: 'w1',
        attempt: 1,
        reason: 'undecodable',
        retryable: false,
        now: t(5),
      })
      .then((events) => expect(events[0]?.data).toMatchObject({ retryAt: null }));
  });

  it('marks a job dead when its worker dies on the last attempt', () => {
    spec
      .given([requested, claimed('w1', 1, 0), claimed('w2', 2, 31)])
      .when({ type: 'ClaimJob', workerId: 'w3', leaseMs: 30_000, now: t(100) })
      .then((events) => expect(events[0]).toMatchObject({ type: 'JobFailed', data: { retryAt: null } }));
  });

  it('cancels: the running worker then learns it lost the job', () => {
    const cancelled: JobEvent = { type: 'JobCancelled', data: { jobId: 'j1', at: t(3) } };
    spec
      .given([requested, claimed('w1', 1, 0)])
      .when({ type: 'CancelJob', now: t(3) })
      .then([cancelled]);
    spec
      .given([requested, claimed('w1', 1, 0), cancelled])
      .when({ type: 'Heartbeat', workerId: 'w1', attempt: 1, leaseMs: 30_000, now: t(4) })
      .thenThrows(LeaseLostError);
  });
});
