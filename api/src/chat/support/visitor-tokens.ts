import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';

/**
 * A visitor proves a session is theirs with HMAC(secret, sessionId): nothing to store, nothing in a cookie
 * (third-party cookies are often blocked inside the widget's iframe), and useless for any other session.
 */
@Injectable()
export class VisitorTokens {
  private readonly secret: Buffer;

  constructor(@Inject(APP_CONFIG) app: AppConfig, @Inject(CHAT_CONFIG) chat: ChatConfig) {
    if (chat.SCRIVO_CHAT_TOKEN_SECRET) {
      this.secret = Buffer.from(chat.SCRIVO_CHAT_TOKEN_SECRET);
    } else {
      const file = join(app.SCRIVO_DATA_DIR, 'chat-token.secret');
      if (!existsSync(file)) {
        mkdirSync(app.SCRIVO_DATA_DIR, { recursive: true });
        writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
      }
      this.secret = Buffer.from(readFileSync(file, 'utf8').trim());
    }
  }

  issue(sessionId: string): string {
    return createHmac('sha256', this.secret).update(`chat-session:${sessionId}`).digest('base64url');
  }

  verify(sessionId: string, token: string | undefined): boolean {
    if (!token || token.length > 100) return false;
    const expected = Buffer.from(this.issue(sessionId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** HMAC-SHA256 of the user id with the site's identity secret, hex: what site owners compute server-side. */
export const signUserId = (secret: string, userId: string): string =>
  createHmac('sha256', secret).update(userId).digest('hex');

export const signatureMatches = (secret: string, userId: string, signature: string): boolean => {
  const expected = Buffer.from(signUserId(secret, userId));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
};
