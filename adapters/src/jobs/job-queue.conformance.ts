import { randomUUID } from 'node:crypto';
import { ManualClock, SequentialIds } from '@scrivo/domain';
import { type ClaimedJob, type JobQueue, LeaseLostError } from '@scrivo/domain/jobs';
import { beforeEach, describe, expect, it } from 'vitest';

export interface JobQueueFixture {
  /** Two queue instances over the same store (two worker processes) sharing one manual clock. */
  create(clock: ManualClock): Promise<{ a: JobQueue; b: JobQueue; close(): Promise<void> }>;
  readonly leaseMs: number;
  /**
   * How long a queue may take to be offered a job that became claimable (0: at once). A server that pushes work
   * (EventStoreDB's persistent subscriptions) needs a moment, and re-offers a hung holder's job only after its
   * real-time message timeout, whatever the manual clock says.
   */
  readonly deliveryMs?: number;
}

// Job streams outlive a test on a real server: every test names its jobs afresh.
let run = randomUUID().slice(0, 8);
const id = (name: string) => `${run}-${name}`;
const job = (name: string, ownerId = 'user-1', kind = 'transcription') => ({
  jobId: id(name),
  kind,
  subjectId: `rec-${name}`,
  ownerId,
  payload: { n: name },
});
const ctx = { correlationId: 'test' };

/** What every JobQueue adapter must do: competing consumers, leases, retries, cancellation. */
export const jobQueueConformance = (name: string, fixture: JobQueueFixture): void => {
  /** A claim that allows for the adapter's delivery delay; null when nothing arrived in that time. */
  const claimSoon = async (queue: JobQueue, workerId: string): Promise<ClaimedJob | null> => {
    const deadline = Date.now() + (fixture.deliveryMs ?? 0);
    for (;;) {
      const claimed = await queue.claim(workerId, ['transcription']);
      if (claimed || Date.now() >= deadline) return claimed;
      await queue.waitForWork(100);
    }
  };

  describe(`${name} (job queue conformance)`, () => {
    beforeEach(() => {
      run = randomUUID().slice(0, 8);
    });

    it('gives each job to exactly one of several competing workers', async () => {
      const clock = new ManualClock();
      const { a, b, close } = await fixture.create(clock);
      try {
        for (const n of ['j1', 'j2', 'j3']) await a.enqueue(job(n), ctx);
        const claims = await Promise.all([
          claimSoon(a, 'w1'),
          claimSoon(b, 'w2'),
          claimSoon(a, 'w3'),
          claimSoon(b, 'w4'),
        ]);
        // Whatever a server offered unevenly is picked up by the next claims; nothing is handed out twice.
        for (let more = await claimSoon(a, 'w5'); more; more = await claimSoon(a, 'w5')) claims.push(more);
        for (let more = await claimSoon(b, 'w6'); more; more = await claimSoon(b, 'w6')) claims.push(more);
        const ids = claims.filter((c) => c !== null).map((c) => c.jobId);
        expect(ids.sort()).toEqual([id('j1'), id('j2'), id('j3')]);
        expect(await a.claim('w7', ['other-kind'])).toBeNull();
      } finally {
        await close();
      }
    });

    it("lets owners take turns: another user's clip goes before the rest of one user's pile of uploads", async () => {
      const clock = new ManualClock();
      const { a, close } = await fixture.create(clock);
      try {
        for (const n of ['a1', 'a2', 'a3']) {
          await a.enqueue(job(n, 'user-a'), ctx);
          clock.advance(1000);
        }
        await a.enqueue(job('b1', 'user-b'), ctx);
        // Every announcement has arrived before the first claim (a server pushes them one by one).
        await new Promise((resolve) => setTimeout(resolve, fixture.deliveryMs ?? 0));
        const order: string[] = [];
        for (let claimed = await claimSoon(a, 'w1'); claimed; claimed = await claimSoon(a, 'w1')) {
          order.push(claimed.jobId);
          clock.advance(1000);
          await a.complete(claimed);
        }
        expect(order).toEqual([id('a1'), id('b1'), id('a2'), id('a3')]);
      } finally {
        await close();
      }
    });

    it("takes a clip before the pieces of long files, its owner's and another's", async () => {
      const clock = new ManualClock();
      const { a, close } = await fixture.create(clock);
      const sized = (name: string, ownerId: string, workSeconds: number) => ({
        ...job(name, ownerId),
        workSeconds,
      });
      const settle = () => new Promise((resolve) => setTimeout(resolve, fixture.deliveryMs ?? 0));
      try {
        for (const n of ['a-p0', 'a-p1', 'a-p2']) {
          await a.enqueue(sized(n, 'user-a', 120), ctx);
          clock.advance(1000);
        }
        await a.enqueue(sized('b-p0', 'user-b', 120), ctx);
        clock.advance(1000);
        await a.enqueue(sized('a-clip', 'user-a', 10), ctx);
        await settle();
        // User A's clip first, though their pieces came earlier and user B has not been served yet.
        const clip = await claimSoon(a, 'w1');
        // A second worker: user A has a job running, so user B's piece goes before A's own pieces.
        const piece = await claimSoon(a, 'w2');
        await a.enqueue(sized('a-clip2', 'user-a', 10), ctx);
        await settle();
        clock.advance(1000);
        await a.complete(clip!);
        await a.complete(piece!);
        const clip2 = await claimSoon(a, 'w1');
        expect([clip?.jobId, piece?.jobId, clip2?.jobId]).toEqual([id('a-clip'), id('b-p0'), id('a-clip2')]);
      } finally {
        await close();
      }
    });

    it("takes turns within each pool of workers: one user's long transcription does not send their summary behind another's pile", async () => {
      const clock = new ManualClock();
      const { a, close } = await fixture.create(clock);
      const language = ['summary', 'translation'];
      try {
        await a.enqueue(job('t-b', 'user-b'), ctx);
        clock.advance(1000);
        for (const n of ['s-a1', 's-a2', 's-a3']) {
          await a.enqueue(job(n, 'user-a', 'summary'), ctx);
          clock.advance(1000);
        }
        await a.enqueue(job('s-b1', 'user-b', 'summary'), ctx);
        await new Promise((resolve) => setTimeout(resolve, fixture.deliveryMs ?? 0));
        // The transcription worker is busy with user B's long recording the whole time.
        const transcription = await claimSoon(a, 'speech-1');
        expect(transcription?.jobId).toBe(id('t-b'));
        const order: string[] = [];
        const claimLanguage = async () => {
          const deadline = Date.now() + (fixture.deliveryMs ?? 0);
          for (;;) {
            const claimed = await a.claim('lang-1', language);
            if (claimed || Date.now() >= deadline) return claimed;
            await a.waitForWork(100);
          }
        };
        for (let claimed = await claimLanguage(); claimed; claimed = await claimLanguage()) {
          order.push(claimed.jobId);
          clock.advance(1000);
          await a.heartbeat(transcription!);
          await a.complete(claimed);
        }
        expect(order).toEqual([id('s-a1'), id('s-b1'), id('s-a2'), id('s-a3')]);
      } finally {
        await close();
      }
    });

    it('hands a job whose worker stopped heartbeating to another worker, and stops the first one', async () => {
      const clock = new ManualClock();
      const { a, b, close } = await fixture.create(clock);
      try {
        await a.enqueue(job('j1'), ctx);
        const first = await claimSoon(a, 'w1');
        expect(first).toMatchObject({ jobId: id('j1'), attempt: 1, payload: { n: 'j1' } });
        expect(await b.claim('w2', ['transcription'])).toBeNull();
        clock.advance(fixture.leaseMs / 2);
        await a.heartbeat(first!);
        clock.advance(fixture.leaseMs / 2 + 1);
        expect(await b.claim('w2', ['transcription'])).toBeNull();
        clock.advance(fixture.leaseMs);
        const second = await claimSoon(b, 'w2');
        expect(second).toMatchObject({ jobId: id('j1'), attempt: 2 });
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
        const first = await claimSoon(a, 'w1');
        expect(await a.fail(first!, 'engine unreachable', true)).toEqual({ willRetry: true });
        expect(await a.claim('w1', ['transcription'])).toBeNull();
        clock.advance(60_000);
        expect(await claimSoon(a, 'w1')).toMatchObject({ attempt: 2 });
      } finally {
        await close();
      }
    });

    it('cancels: nobody claims the job and its worker learns it lost the lease', async () => {
      const clock = new ManualClock();
      const { a, b, close } = await fixture.create(clock);
      try {
        await a.enqueue(job('j1'), ctx);
        const claimed = await claimSoon(a, 'w1');
        await b.cancel(id('j1'), ctx);
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
