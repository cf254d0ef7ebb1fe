import { Inject, Injectable } from '@nestjs/common';
import type { RateLimitStore } from '@scrivo/domain';
import { tooManyAttempts } from '../../accounts/support/rate-limit';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RATE_LIMITS } from '../../infrastructure/tokens';

const MINUTE = 60_000;

/**
 * Password guesses on a share link: per address and link, and per link from anywhere (a slowdown, like the
 * sign-in limits: someone hammering a link keeps its visitors out for one window at most).
 */
const LIMITS = [
  { by: 'ip+link', max: 10, windowMs: 15 * MINUTE },
  { by: 'link', max: 50, windowMs: 15 * MINUTE },
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
    for (const limit of LIMITS) {
      const verdict = await this.store.hit(
        {
          name: `share-unlock-${limit.by}`,
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
