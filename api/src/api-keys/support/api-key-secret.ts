import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@scrivo/contracts';

/** `sk_scrivo_` + 32 random bytes (256 bits) as base64url; only its SHA-256 is stored. */
export const newApiKeySecret = (): { secret: string; hash: string; prefix: string } => {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiKeySecret(secret), prefix: secret.slice(0, API_KEY_PREFIX.length + 4) };
};

export const hashApiKeySecret = (secret: string): string =>
  createHash('sha256').update(`scrivo-api-key:${secret}`).digest('hex');
