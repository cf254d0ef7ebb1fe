import { Inject, Injectable } from '@nestjs/common';
import type { RateLimitStore } from '@scrivo/domain';
import { tooManyAttempts } from '../../accounts/support/rate-limit';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RATE_LIMITS } from '../../infrastructure/tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Password guesses on a share link: per address and link (one visitor mistyping), and per link from any address
 * in windows that grow, so the wait grows with the guesses: a burst waits minutes, a steady guesser an hour, then
 * the rest of the day. Addresses are cheap, so the per-link limits are what count: at most 100 guesses a day on
 * a link (it was 4,800), against passwords of 8 characters at least.
 */
export const SHARE_UNLOCK_LIMITS = [
  { name: 'share-unlock-ip+link', by: 'ip+link', max: 10, windowMs: 15 * MINUTE },
  { name: 'share-unlock-link', by: 'link', max: 20, windowMs: 15 * MINUTE },
  { name: 'share-unlock-link-hour', by: 'link', max: 40, windowMs: HOUR },
  { name: 'share-unlock-link-day', by: 'link', max: 100, windowMs: 24 * HOUR },
] as const;

@Injectable()
export class ShareUnlockLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMITS) private readonly store: RateLimitStore,
  ) {}

  /** Counts one attempt; throws 429 with the wait when a limit is exceeded. */
  async hit(ip: string, linkId: string): Promise<void> {
    const scale = this.config.SCRIVO_AUTH_RATE_LIMIT_SCALE;
    if (scale === 0) return;
    let waitMs: number | null = null;
    for (const limit of SHARE_UNLOCK_LIMITS) {
      const verdict = await this.store.hit(
        {
          name: limit.name,
          max: Math.max(1, Math.round(limit.max * scale)),
          windowMs: limit.windowMs,
        },
        limit.by === 'link' ? linkId : `${ip}|${linkId}`,
      );
      if (!verdict.allowed) waitMs = Math.max(waitMs ?? 0, verdict.retryAfterMs);
    }
    if (waitMs !== null) throw tooManyAttempts(Math.ceil(waitMs / 1000));
  }
}
