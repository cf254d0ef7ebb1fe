import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { RateLimitStore } from '@scrivo/domain';
import { EmailStreamNames } from '@scrivo/domain/accounts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RATE_LIMITS } from '../../infrastructure/tokens';

interface Limit {
  /**
   * What the bucket is keyed by besides the action: the caller's address, address and account, or the account
   * alone (whatever address the attempts come from: guessing spread over many addresses is slowed too).
   */
  readonly by: 'ip' | 'ip+email' | 'email';
  readonly max: number;
  readonly windowMs: number;
}

const MINUTE = 60_000;

/**
 * Per action, every limit must hold. Account-keyed limits slow guessing; address-keyed ones slow sweeping. The
 * account-wide limits are a slowdown, not a lock: someone hammering an account can keep its owner out for one
 * window at most (15 minutes), while a guesser with many addresses gets 30 tries per window instead of unlimited.
 */
export const AUTH_LIMITS = {
  login: [
    { by: 'ip+email', max: 10, windowMs: 15 * MINUTE },
    { by: 'email', max: 30, windowMs: 15 * MINUTE },
    { by: 'ip', max: 50, windowMs: 15 * MINUTE },
  ],
  checkUserExists: [{ by: 'ip', max: 30, windowMs: MINUTE }],
  sendVerification: [
    { by: 'ip+email', max: 5, windowMs: 10 * MINUTE },
    { by: 'email', max: 10, windowMs: 60 * MINUTE },
    { by: 'ip', max: 20, windowMs: 10 * MINUTE },
  ],
  verifyCode: [{ by: 'ip', max: 30, windowMs: 10 * MINUTE }],
  register: [{ by: 'ip', max: 20, windowMs: 60 * MINUTE }],
  resetRequest: [
    { by: 'ip+email', max: 3, windowMs: 15 * MINUTE },
    { by: 'email', max: 6, windowMs: 60 * MINUTE },
    { by: 'ip', max: 10, windowMs: 15 * MINUTE },
  ],
  resetToken: [{ by: 'ip', max: 20, windowMs: 15 * MINUTE }],
  adminLogin: [
    { by: 'ip+email', max: 5, windowMs: 15 * MINUTE },
    { by: 'email', max: 15, windowMs: 15 * MINUTE },
    { by: 'ip', max: 20, windowMs: 15 * MINUTE },
  ],
  /** The current password asked again on the account page (change it, delete the account). */
  passwordCheck: [
    { by: 'ip+email', max: 10, windowMs: 15 * MINUTE },
    { by: 'email', max: 30, windowMs: 15 * MINUTE },
  ],
  auditorLogin: [
    { by: 'ip+email', max: 5, windowMs: 15 * MINUTE },
    { by: 'email', max: 15, windowMs: 15 * MINUTE },
    { by: 'ip', max: 20, windowMs: 15 * MINUTE },
  ],
} satisfies Record<string, readonly Limit[]>;
export type AuthAction = keyof typeof AUTH_LIMITS;

const RATE_LIMIT_KEY = 'scrivo:rate-limit';
export const RateLimit = (action: AuthAction) => SetMetadata(RATE_LIMIT_KEY, action);

/**
 * Fixed-window counters in the RateLimitStore (rate-limiter-flexible over SQLite embedded, MongoDB in production),
 * so every API replica counts together and a restart does not reset them.
 */
@Injectable()
export class AuthRateLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMITS) private readonly store: RateLimitStore,
    private readonly emails: EmailStreamNames,
  ) {}

  /** Counts one attempt; returns the seconds to wait when a limit is exceeded, else null. */
  async hit(action: AuthAction, ip: string, email: string | undefined): Promise<number | null> {
    const scale = this.config.SCRIVO_AUTH_RATE_LIMIT_SCALE;
    if (scale === 0) return null;
    let waitMs: number | null = null;
    for (const limit of AUTH_LIMITS[action] as readonly Limit[]) {
      // The address's keyed hash, never the address: the counters outlive an erased account.
      const account = limit.by === 'ip' || !email?.trim() ? '' : this.emails.keyOf(email);
      const address = limit.by === 'email' ? '*' : ip;
      const verdict = await this.store.hit(
        {
          name: `auth-${action}-${limit.by}`,
          max: Math.max(1, Math.round(limit.max * scale)),
          windowMs: limit.windowMs,
        },
        `${address}|${account}`,
      );
      if (!verdict.allowed) waitMs = Math.max(waitMs ?? 0, verdict.retryAfterMs);
    }
    return waitMs === null ? null : Math.ceil(waitMs / 1000);
  }
}

export const tooManyAttempts = (seconds: number): ApiError => {
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new ApiError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${when}.`, {
    retryAfterSeconds: seconds,
  });
};

@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: AuthRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<AuthAction | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!action) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const body = (req.body ?? {}) as { email?: unknown; username?: unknown };
    const email =
      typeof body.email === 'string'
        ? body.email
        : typeof body.username === 'string'
          ? body.username
          : undefined;
    const wait = await this.limiter.hit(action, req.ip ?? 'unknown', email);
    if (wait === null) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(wait));
    throw tooManyAttempts(wait);
  }
}
