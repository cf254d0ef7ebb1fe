import { describe, expect, it } from 'vitest';
import { fairOrder, NO_SHARE, type OwnerShare } from './fair-order';

const job = (ownerId: string, requestedAt: string) => ({
  ownerId,
  requestedAt,
  id: `${ownerId}@${requestedAt}`,
});
const shares =
  (table: Record<string, OwnerShare>) =>
  (ownerId: string): OwnerShare =>
    table[ownerId] ?? NO_SHARE;

describe('the order in which free workers take queued jobs', () => {
  it('is first come, first served for one owner', () => {
    const jobs = [job('a', '10:02'), job('a', '10:00'), job('a', '10:01')];
    expect(fairOrder(jobs, shares({})).map((j) => j.requestedAt)).toEqual(['10:00', '10:01', '10:02']);
  });

  it("puts another owner's clip before the rest of a pile of uploads already being served", () => {
    const jobs = [job('a', '10:00'), job('a', '10:01'), job('a', '10:02'), job('b', '10:05')];
    const order = fairOrder(jobs, shares({ a: { running: 1, lastClaimedAt: '09:59' } }));
    expect(order[0]!.id).toBe('b@10:05');
  });

  it('lets owners take turns when nobody is running: the one served longest ago goes first', () => {
    const jobs = [job('a', '10:00'), job('b', '10:01'), job('c', '10:02')];
    const order = fairOrder(
      jobs,
      shares({
        a: { running: 0, lastClaimedAt: '10:03' },
        b: { running: 0, lastClaimedAt: '10:01' },
      }),
    );
    expect(order.map((j) => j.ownerId)).toEqual(['c', 'b', 'a']);
  });

  it('prefers the owner with fewer jobs running over one served longer ago', () => {
    const jobs = [job('a', '10:00'), job('b', '10:01')];
    const order = fairOrder(
      jobs,
      shares({ a: { running: 2, lastClaimedAt: '09:00' }, b: { running: 1, lastClaimedAt: '10:00' } }),
    );
    expect(order.map((j) => j.ownerId)).toEqual(['b', 'a']);
  });

  it("serves one summary of another owner right after the first of one owner's ten, on a single language slot", () => {
    // One slot: each job runs alone, so every owner has nothing running when the next claim is made.
    let waiting = [
      ...Array.from({ length: 10 }, (_, n) => job('a', `10:0${n}`)),
      job('b', '10:30'),
      job('c', '10:31'),
    ];
    const served = new Map<string, string>();
    const order: string[] = [];
    for (let minute = 11; waiting.length > 0; minute += 1) {
      const [next] = fairOrder(waiting, (ownerId) => ({
        running: 0,
        lastClaimedAt: served.get(ownerId) ?? null,
      }));
      served.set(next!.ownerId, `${minute}:00`);
      order.push(next!.ownerId);
      waiting = waiting.filter((j) => j !== next);
    }
    expect(order.slice(0, 4)).toEqual(['a', 'b', 'c', 'a']);
  });
});
