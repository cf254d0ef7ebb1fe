import { ManualClock, SequentialIds } from '@scrivo/domain';
import { type JobQueue, LeaseLostError } from '@scrivo/domain/jobs';
import { describe, expect, it } from 'vitest';

export interface JobQueueFixture {
  /** Two queue instances over the same store (two worker processes) sharing one manual clock. */
  create(clock: ManualClock): Promise<{ a: JobQueue; b: JobQueue; close(): Promise<void> }>;
  readonly leaseMs: number;
}

const job = (jobId: string) => ({
  jobId,
  kind: 'transcription',
  subjectId: `rec-${jobId}`,
  ownerId: 'user-1',
  payload: { n: jobId },
});
const ctx = { correlationId: 'test' };

/** What every JobQueue adapter must do: competing consumers, leases, retries, cancellation. */
export const jobQueueConformance = (name: string, fixture: JobQueueFixture): void => {
  describe(`${name} (job queue conformance)`, () => {
    it('gives each job to exactly one of several competing workers', async () => {
      const clock = new ManualClock();
      const { a, b, close } = await fixture.create(clock);
      try {
        for (const id of ['j1', 'j2', 'j3']) await a.enqueue(job(id), ctx);
        const claims = await Promise.all([
          a.claim('w1', ['transcription']),
          b.claim('w2', ['transcription']),
          a.claim('w3', ['transcription']),
          b.claim('w4', ['transcription']),
        ]);
        const ids = claims.filter((c) => c !== null).map((c) => c.jobId);
        expect(ids.sort()).toEqual(['j1', 'j2', 'j3']);
        expect(await a.claim('w5', ['other-kind'])).toBeNull();
      } finally {
        await close();
      }
    });

    it('hands a job whose worker stopped heartbeating to another worker, and stops the first one', async () => {
      const clock = new ManualClock();
      const { a, b, close } = await fixture.create(clock);
      try {
        await a.enqueue(job('j1'), ctx);
        const first = await a.claim('w1', ['transcription']);
        expect(first).toMatchObject({ jobId: 'j1', attempt: 1, payload: { n: 'j1' } });
        expect(await b.claim('w2', ['transcription'])).toBeNull();
        clock.advance(fixture.leaseMs / 2);
        await a.heartbeat(first!);
        clock.advance(fixture.leaseMs / 2 + 1);
        expect(await b.claim('w2', ['transcription'])).toBeNull();
        clock.advance(fixture.leaseMs);
        const second = await b.claim('w2', ['transcription']);
        expect(second).toMatchObject({ jobId: 'j1', attempt: 2 });
        await expect(a.complete(first!)).rejects.toBeInstanceOf(LeaseLostError);
        await b.progress(second!, 0.5);
        await b.complete(second!);
        clock.advance(fixture.leaseMs * 10);
        expect(await a.claim('w3', ['transcription'])).toBeNull();
      } finally {
        await close();
      }
    });

    it('retries a retryable failure after a backoff', async () => {
      const clock = new ManualClock();
      const { a, close } = await fixture.create(clock);
      try {
        await a.enqueue(job('j1'), ctx);
        const first = await a.claim('w1', ['transcription']);
        expect(await a.fail(first!, 'engine unreachable', true)).toEqual({ willRetry: true });
        expect(await a.claim('w1', ['transcription'])).toBeNull();
        clock.advance(60_000);
        expect(await a.claim('w1', ['transcription'])).toMatchObject({ attempt: 2 });
      } finally {
        await close();
      }
    });

    it('cancels: nobody claims the job and its worker learns it lost the lease', async () => {
      const clock = new ManualClock();
      const { a, b, close } = await fixture.create(clock);
      try {
        await a.enqueue(job('j1'), ctx);
        const claimed = await a.claim('w1', ['transcription']);
        await b.cancel('j1', ctx);
        await expect(a.heartbeat(claimed!)).rejects.toBeInstanceOf(LeaseLostError);
        clock.advance(fixture.leaseMs * 10);
        expect(await b.claim('w2', ['transcription'])).toBeNull();
      } finally {
        await close();
      }
    });
  });
};

export { SequentialIds };
