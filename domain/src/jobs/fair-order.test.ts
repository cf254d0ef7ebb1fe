import { describe, expect, it } from 'vitest';
import { fairOrder, NO_SHARE, type OwnerShare, SHORT_WORK_SECONDS } from './fair-order';

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

describe('short work (a clip) and long work (the pieces of a long file) in one line', () => {
  const sized = (ownerId: string, requestedAt: string, workSeconds?: number) => ({
    ...job(ownerId, requestedAt),
    ...(workSeconds === undefined ? {} : { workSeconds }),
  });

  it("takes an owner's clip before the pieces of their own long file uploaded earlier", () => {
    const pieces = Array.from({ length: 10 }, (_, n) => sized('a', `10:0${n}`, 120));
    const order = fairOrder([...pieces, sized('a', '10:30', 10)], shares({}));
    expect(order[0]!.id).toBe('a@10:30');
  });

  it("takes a clip before the next piece of another owner's long file, even one whose turn it would be", () => {
    const order = fairOrder(
      [sized('long', '10:00', 120), sized('clip', '10:05', 10)],
      shares({ long: { running: 0, lastClaimedAt: '09:00' }, clip: { running: 0, lastClaimedAt: '10:04' } }),
    );
    expect(order.map((j) => j.ownerId)).toEqual(['clip', 'long']);
  });

  it('counts a clip of SHORT_WORK_SECONDS as short, anything longer or not sized as long', () => {
    const order = fairOrder(
      [
        sized('unsized', '10:00'),
        sized('longer', '10:01', SHORT_WORK_SECONDS + 1),
        sized('short', '10:02', SHORT_WORK_SECONDS),
      ],
      shares({}),
    );
    expect(order.map((j) => j.ownerId)).toEqual(['short', 'unsized', 'longer']);
  });

  it('lets owners take turns among clips, and among long files', () => {
    const order = fairOrder(
      [sized('a', '10:00', 5), sized('b', '10:01', 5), sized('c', '10:02', 600), sized('d', '10:03', 600)],
      shares({
        a: { running: 0, lastClaimedAt: '10:05' },
        c: { running: 0, lastClaimedAt: '10:05' },
      }),
    );
    expect(order.map((j) => j.ownerId)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('still serves first the owner with fewer jobs running, so one account cannot hold every worker with clips', () => {
    const order = fairOrder(
      [sized('busy', '10:00', 5), sized('idle', '10:01', 120)],
      shares({ busy: { running: 1, lastClaimedAt: '10:00' } }),
    );
    expect(order.map((j) => j.ownerId)).toEqual(['idle', 'busy']);
  });

  it('serves a long file in full while clips come in at their pace: long work waits only while a clip waits', () => {
    // One worker; each piece or clip takes a minute to transcribe; a clip arrives every third minute.
    let waiting = Array.from({ length: 4 }, (_, n) => sized('long', `10:0${n}`, 120));
    const order: string[] = [];
    for (let minute = 10; minute < 16; minute += 1) {
      if (minute % 3 === 0) waiting = [...waiting, sized('clip', `${minute}:00`, 10)];
      const [next] = fairOrder(waiting, shares({}));
      order.push(next!.ownerId);
      waiting = waiting.filter((j) => j !== next);
    }
    expect(order).toEqual(['long', 'long', 'clip', 'long', 'long', 'clip']);
  });
});
