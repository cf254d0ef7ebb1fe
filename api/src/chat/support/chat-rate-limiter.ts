import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';

const MINUTE = 60_000;

/**
 * Fixed-window counters in memory, per API replica: a visitor (session) cannot flood an admin's queue, and one
 * address cannot flood it with many sessions. A limit of 0 turns that limit off.
 */
@Injectable()
export class ChatRateLimiter {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {}

  message(ip: string, sessionId: string, now = Date.now()): void {
    this.take(`session:${sessionId}`, this.config.SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_SESSION, MINUTE, now);
    this.take(`ip:${ip}`, this.config.SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_IP, MINUTE, now);
  }

  start(ip: string, now = Date.now()): void {
    this.take(`start:${ip}`, this.config.SCRIVO_CHAT_STARTS_PER_HOUR_PER_IP, 60 * MINUTE, now);
  }

  private take(key: string, max: number, windowMs: number, now: number): void {
    if (max === 0) return;
    if (this.buckets.size > 50_000)
      for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now)
      this.buckets.set(key, (bucket = { count: 0, resetAt: now + windowMs }));
    bucket.count += 1;
    if (bucket.count > max) {
      const retryAfter = Math.ceil((bucket.resetAt - now) / 1000);
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `Too many messages. Please wait ${retryAfter} seconds and try again.`,
        {
          retryAfterSeconds: retryAfter,
        },
      );
    }
  }
}
