import type { RateLimitRule, RateLimitStore } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The RateLimitStore port's contract, which every adapter runs: the embedded SQLite store always, MongoDB when
 * MONGODB_URL is set. `open` gives another connection to the same backing store (a second API replica).
 */
export const describeRateLimitStoreConformance = (
  name: string,
  open: (() => Promise<RateLimitStore>) | null,
  skipReason?: string,
) => {
  const suite = open ? describe : describe.skip;
  suite(`RateLimitStore conformance: ${name}${open ? '' : ` (skipped: ${skipReason})`}`, () => {
    let store: RateLimitStore;
    let replica: RateLimitStore;
    // Unique rule names: counters may outlive a run on a shared server.
    const rule = (max: number, windowMs = 60_000): RateLimitRule => ({
      name: `test-${randomUUID().slice(0, 8)}`,
      max,
      windowMs,
    });

    beforeAll(async () => {
      store = await open!();
      replica = await open!();
    });
    afterAll(async () => {
      await store?.close();
      await replica?.close();
    });

    it('allows max hits in a window and refuses the next, saying when to come back', async () => {
      const login = rule(3);
      for (let i = 0; i < 3; i++) expect(await store.hit(login, '203.0.113.7')).toEqual({ allowed: true });
      const refused = await store.hit(login, '203.0.113.7');
      expect(refused.allowed).toBe(false);
      if (refused.allowed) return;
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('counts each key and each rule on its own', async () => {
      const a = rule(1);
      const b = rule(1);
      expect(await store.hit(a, 'k1')).toEqual({ allowed: true });
      expect(await store.hit(a, 'k2')).toEqual({ allowed: true });
      expect(await store.hit(b, 'k1')).toEqual({ allowed: true });
      expect((await store.hit(a, 'k1')).allowed).toBe(false);
    });

    it('counts hits from every replica together', async () => {
      const shared = rule(2);
      expect(await store.hit(shared, 'visitor')).toEqual({ allowed: true });
      expect(await replica.hit(shared, 'visitor')).toEqual({ allowed: true });
      expect((await store.hit(shared, 'visitor')).allowed).toBe(false);
      expect((await replica.hit(shared, 'visitor')).allowed).toBe(false);
    });

    it('starts a new window once the old one is over', async () => {
      const short = rule(1, 1_000);
      expect(await store.hit(short, 'k')).toEqual({ allowed: true });
      expect((await store.hit(short, 'k')).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await store.hit(short, 'k')).toEqual({ allowed: true });
    });
  });
};
