import { createHash, randomBytes, randomInt } from 'node:crypto';
import { normalizeEmail } from '@scrivo/domain/accounts';

/** 6 random digits from the CSPRNG (leading zeros kept). */
export const newVerificationCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Codes are stored only as a hash bound to the address, so one address's code says nothing about another's. */
export const hashVerificationCode = (email: string, code: string): string =>
  createHash('sha256')
    .update(`scrivo-verification:${normalizeEmail(email)}:${code.trim()}`)
    .digest('hex');

/**
 * A reset token is `<userId>.<32 random bytes, base64url>`: the user id finds the stream without a look-up table;
 * only the SHA-256 of the random part is stored, so the event store never holds a usable link.
 */
export const newResetToken = (userId: string): { token: string; hash: string } => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, hash: hashResetSecret(secret) };
};

export const hashResetSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const parseResetToken = (token: string): { userId: string; hash: string } | null => {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  return match ? { userId: match[1]!, hash: hashResetSecret(match[2]!) } : null;
};
