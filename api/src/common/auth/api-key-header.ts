import { API_KEY_PREFIX } from '@scrivo/contracts';
import type { Request } from 'express';

/**
 * The API key a request presents: `Authorization: Bearer sk_scrivo_...`. Any other Authorization header (HTTP
 * basic auth of a proxy in front of Scrivo, a proxy's own bearer token) is not ours and is ignored, so the
 * session cookie decides as usual. Used by the CSRF middleware and the recordings guard alike.
 */
export const apiKeyOf = (req: Request): string | undefined => {
  const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return match && match[1]!.startsWith(API_KEY_PREFIX) ? match[1] : undefined;
};
