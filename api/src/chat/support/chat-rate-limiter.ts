import { Inject, Injectable } from '@nestjs/common';
import type { RateLimitStore } from '@scrivo/domain';
import { ApiError } from '../../common/api-error';
import { RATE_LIMITS } from '../../infrastructure/tokens';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';

const MINUTE = 60_000;

/**
 * A visitor (session) cannot flood an admin's queue, and one address cannot flood it with many sessions. Counters
 * live in the RateLimitStore, shared by every API replica. A limit of 0 turns that limit off.
 */
@Injectable()
export class ChatRateLimiter {
  constructor(
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
    @Inject(RATE_LIMITS) private readonly store: RateLimitStore,
  ) {}

  async message(ip: string, sessionId: string): Promise<void> {
    await this.take(
      'chat-message-session',
      sessionId,
      this.config.SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_SESSION,
      MINUTE,
    );
    await this.take('chat-message-ip', ip, this.config.SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_IP, MINUTE);
  }

  async start(ip: string): Promise<void> {
    await this.take('chat-start-ip', ip, this.config.SCRIVO_CHAT_STARTS_PER_HOUR_PER_IP, 60 * MINUTE);
  }

  private async take(name: string, key: string, max: number, windowMs: number): Promise<void> {
    if (max === 0) return;
    const verdict = await this.store.hit({ name, max, windowMs }, key);
    if (verdict.allowed) return;
    const retryAfter = Math.ceil(verdict.retryAfterMs / 1000);
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
