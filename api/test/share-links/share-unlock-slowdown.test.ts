import type { RateLimitRule, RateLimitStore, RateLimitVerdict } from '@scrivo/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/common/api-error';
import { loadConfig } from '../../src/config/config';
import { ShareUnlockLimiter } from '../../src/share-links/support/unlock-rate-limit';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** Fixed-window counters, as the real stores keep them, on a clock the test moves. */
const storeOn = (clock: { now: number }): RateLimitStore => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(rule: RateLimitRule, key: string): Promise<RateLimitVerdict> {
      const id = `${rule.name}|${key}`;
      let window = windows.get(id);
      if (!window || clock.now >= window.endsAt) window = { count: 0, endsAt: clock.now + rule.windowMs };
      window.count += 1;
      windows.set(id, window);
      return window.count <= rule.max
        ? { allowed: true }
        : { allowed: false, retryAfterMs: window.endsAt - clock.now };
    },
    close: async () => undefined,
  };
};

describe('guessing a share link password', () => {
  it('is slowed per link, from any number of addresses, with waits that grow, to at most 100 guesses a day', async () => {
    const clock = { now: 0 };
    const limiter = new ShareUnlockLimiter(loadConfig({ NODE_ENV: 'test' }), storeOn(clock));
    let guesses = 0;
    const waits: number[] = [];
    // An attacker with a fresh address for every guess, one guess a second, waiting exactly as long as told.
    for (let address = 0; clock.now < 24 * HOUR; address += 1) {
      try {
        await limiter.hit(`198.51.100.${address % 250}.${address}`, 'link-1');
        guesses += 1;
        clock.now += SECOND;
      } catch (error) {
        if (!(error instanceof ApiError) || error.getStatus() !== 429) throw error;
        const seconds = Number(error.details?.retryAfterSeconds);
        waits.push(seconds);
        clock.now += seconds * SECOND;
      }
    }
    expect(guesses).toBeLessThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(15 * 60);
    expect(Math.max(...waits)).toBeGreaterThan(6 * 3600);
  });

  it('keeps another link open while one is being guessed', async () => {
    const clock = { now: 0 };
    const limiter = new ShareUnlockLimiter(loadConfig({ NODE_ENV: 'test' }), storeOn(clock));
    for (let i = 0; i < 20; i += 1) await limiter.hit(`203.0.113.${i}`, 'guessed');
    await expect(limiter.hit('203.0.113.99', 'guessed')).rejects.toThrow(ApiError);
    await expect(limiter.hit('203.0.113.99', 'other')).resolves.toBeUndefined();
  });
});
