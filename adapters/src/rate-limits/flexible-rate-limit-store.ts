import {
  type RateLimitRule,
  type RateLimitStore,
  RateLimitsUnavailableError,
  type RateLimitVerdict,
} from '@scrivo/domain';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** Builds the rate-limiter-flexible limiter for one rule on a particular store. */
export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract | Promise<RateLimiterAbstract>;

/**
 * The RateLimitStore port over rate-limiter-flexible (fixed windows, atomic counters in the backing store). One
 * limiter per rule, created on first use. A store failure (full disk, database down) is reported as
 * RateLimitsUnavailableError, and a limiter whose creation failed is forgotten so the next hit tries again:
 * once space is freed the limits work without a restart.
 */
export class FlexibleRateLimitStore implements RateLimitStore {
  private readonly limiters = new Map<string, Promise<RateLimiterAbstract>>();

  constructor(
    private readonly create: LimiterFactory,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  async hit(rule: RateLimitRule, key: string): Promise<RateLimitVerdict> {
    const id = `${rule.name}:${rule.max}:${rule.windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = Promise.resolve(
        this.create({
          keyPrefix: `rl:${id}`,
          points: rule.max,
          duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
        }),
      );
      this.limiters.set(id, limiter);
    }
    let ready: RateLimiterAbstract;
    try {
      ready = await limiter;
    } catch (error) {
      if (this.limiters.get(id) === limiter) this.limiters.delete(id);
      throw new RateLimitsUnavailableError(error);
    }
    try {
      await ready.consume(key);
      return { allowed: true };
    } catch (rejection) {
      // The library rejects with a RateLimiterRes when the limit is reached, with an Error when the store fails.
      if (rejection instanceof RateLimiterRes)
        return { allowed: false, retryAfterMs: Math.max(1, rejection.msBeforeNext) };
      throw new RateLimitsUnavailableError(rejection);
    }
  }

  close(): Promise<void> {
    return this.onClose();
  }
}
