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

/**
 * What site owners compute server-side: hex HMAC-SHA256, with the site's identity secret, of the user id, or of
 * `userId + "\n" + email` when the email is to be shown to support staff. Everything shown is signed.
 */
export const signIdentity = (secret: string, userId: string, email: string | null): string =>
  createHmac('sha256', secret)
    .update(email ? `${userId}\n${email}` : userId)
    .digest('hex');

const sameHex = (expected: string, given: string) => {
  const x = Buffer.from(expected);
  const y = Buffer.from(given.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The identity exactly as signed, or null: an email the signature does not cover is dropped (a signature over
 * the id alone still identifies the visitor, without an address anyone could have typed).
 */
export const verifiedIdentity = (
  secret: string,
  identity: { readonly userId: string; readonly email?: string | null; readonly signature: string },
): { userId: string; email: string | null } | null => {
  const email = identity.email || null;
  if (email && sameHex(signIdentity(secret, identity.userId, email), identity.signature))
    return { userId: identity.userId, email };
  if (sameHex(signIdentity(secret, identity.userId, null), identity.signature))
    return { userId: identity.userId, email: null };
  return null;
};
