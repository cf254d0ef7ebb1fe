import { DomainError } from '../kernel/errors';

/** One limit: at most `max` hits per `windowMs` for each key (a caller's address, an account...). */
export interface RateLimitRule {
  /** Names the counter family; two rules with different names never share counters. */
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

export type RateLimitVerdict =
  | { readonly allowed: true }
  | { readonly allowed: false; /** How long until the key's window resets. */ readonly retryAfterMs: number };

/**
 * Counters for rate limits. They live outside the API process so that every replica counts together: in production
 * a shared database, embedded a file beside the other stores.
 */
export interface RateLimitStore {
  /** Counts one hit of `key` under `rule` and says whether it is still within the limit. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitVerdict>;
  close(): Promise<void>;
}

/**
 * The counters cannot be read or written (disk full, database down). Callers answer 503 with Retry-After rather
 * than letting requests through uncounted: the limits guard sign-in against password guessing.
 */
export class RateLimitsUnavailableError extends DomainError {
  static readonly RETRY_AFTER_SECONDS = 10;
  constructor(cause: unknown) {
    super(
      'RATE_LIMITS_UNAVAILABLE',
      'This service is briefly unavailable. Please try again in a few seconds.',
      { retryAfterSeconds: RateLimitsUnavailableError.RETRY_AFTER_SECONDS },
    );
    this.cause = cause;
  }
}
