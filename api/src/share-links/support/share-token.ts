import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: the link's only handle, shown once to its owner. */
export const newShareToken = (): { token: string; hash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashShareToken(token) };
};

export const hashShareToken = (token: string): string =>
  createHash('sha256').update(`scrivo-share:${token}`).digest('hex');

/** What a token looks like; anything else is not looked up at all. */
export const isShareTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The unlock cookie: its path is the link's own API path, so it is sent for that link and no other. */
export const SHARE_UNLOCK_COOKIE = 'scrivo_share_unlock';
export const SHARE_UNLOCK_SECONDS = 60 * 60;
export const shareApiPath = (token: string) => `/api/shared/${token}`;

/**
 * `<expiry ms>.<HMAC>`, keyed by the link's password hash. Forging one needs that hash (kept server-side) and a
 * visitor who has the token but not the password cannot compute it; a leaked read model has the hash but not the
 * token the cookie is scoped to. It stays stateless, so every replica accepts it.
 */
const mac = (passwordHash: string, linkId: string, expiresMs: number) =>
  createHmac('sha256', passwordHash).update(`${linkId}.${expiresMs}`).digest('base64url');

export const unlockCookieValue = (passwordHash: string, linkId: string, nowMs: number): string => {
  const expiresMs = nowMs + SHARE_UNLOCK_SECONDS * 1000;
  return `${expiresMs}.${mac(passwordHash, linkId, expiresMs)}`;
};

export const isUnlocked = (
  cookie: string | undefined,
  passwordHash: string,
  linkId: string,
  nowMs: number,
): boolean => {
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!match) return false;
  const expiresMs = Number(match[1]);
  if (expiresMs <= nowMs) return false;
  const expected = Buffer.from(mac(passwordHash, linkId, expiresMs));
  const sent = Buffer.from(match[2]!);
  return expected.length === sent.length && timingSafeEqual(expected, sent);
};
