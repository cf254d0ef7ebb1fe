import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `whsec_` + 32 random bytes as base64url. */
export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * The `Scrivo-Signature` header, Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The
 * timestamp is inside the signed text, so a receiver that refuses old timestamps stops replays of a captured
 * delivery.
 */
export const signWebhook = (secret: string, body: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/**
 * What a receiver does (docs/webhooks.md shows the same steps): recompute the HMAC over the raw body, compare
 * in constant time, and refuse a timestamp older than the tolerance.
 */
export const verifyWebhookSignature = (
  secret: string,
  body: string,
  header: string,
  options: { nowSeconds: number; toleranceSeconds: number },
): boolean => {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(options.nowSeconds - t) > options.toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] ?? '', 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
