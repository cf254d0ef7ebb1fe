import type { NextFunction, Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ErrorBody } from '@scrivo/contracts';
import { apiKeyOf } from './auth/api-key-header';

export const CSRF_COOKIE = 'scrivo_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Paths that authenticate otherwise and are meant for other origins or non-browser clients
 * (machine-to-machine calls with their own token, the embeddable widget's public calls). Features register them.
 * They are matched on `req.path`, the very string the router matches (routing is case-sensitive and strict, see
 * create-app): a path spelled differently (`/API/chat/...`, `//api/chat/...`) is not exempt and routes nowhere.
 */
const exempt: RegExp[] = [];
export const exemptFromCsrf = (pattern: RegExp): void => {
  if (!pattern.source.startsWith('^\\/') || pattern.flags.includes('i'))
    throw new Error(`CSRF exemptions must be anchored at the start and case-sensitive: ${String(pattern)}`);
  exempt.push(pattern);
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A script calling with an API key and no cookies: a browser never adds an Authorization header to a cross-site
 * request by itself (it would need a CORS preflight this server never grants), so there is nothing to forge.
 * Any cookie besides the readable CSRF cookie itself (which cookie jars echo back) puts the request back under
 * the check: a bearer header must not let a cookie-authenticated request skip it.
 */
const bearerWithoutCookies = (req: Request): boolean => {
  if (apiKeyOf(req) === undefined) return false;
  // The raw header, not the parsed cookies: whatever the browser sent counts, parseable or not.
  const names = (req.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name.length > 0);
  return names.every((name) => name === CSRF_COOKIE);
};

const refuse = (res: Response, message: string) => {
  const body: ErrorBody = { error: message, code: 'CSRF_FAILED', message };
  res.status(403).json(body);
};

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit CSRF protection plus an Origin check: every state-changing request, whatever its path, must come
 * from this site (Origin, when the browser sends it, is one of the configured origins: never derived from the
 * Host header) and echo the readable `scrivo_csrf` cookie in the X-CSRF-Token header, which another site cannot
 * read. Only the registered exemptions and API-key calls without cookies skip it.
 */
export const csrfProtection =
  (options: { origins: readonly string[]; secureCookies: boolean }) =>
  (req: Request, res: Response, next: NextFunction): void => {
    let token = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
    if (!token || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) {
      token = randomBytes(24).toString('base64url');
      res.cookie(CSRF_COOKIE, token, {
        httpOnly: false,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
      });
      req.cookies = { ...(req.cookies as Record<string, string>), [CSRF_COOKIE]: '' };
    }
    if (SAFE.has(req.method)) return next();
    if (exempt.some((p) => p.test(req.path))) return next();
    if (bearerWithoutCookies(req)) return next();

    const origin = req.headers.origin;
    if (origin && origin !== 'null' && !options.origins.includes(origin.toLowerCase()))
      return refuse(res, 'This request came from another site and was refused.');
    const sent = req.headers[CSRF_HEADER];
    const cookieToken = (req.cookies as Record<string, string>)[CSRF_COOKIE];
    if (typeof sent !== 'string' || !cookieToken || !sameToken(sent, cookieToken)) {
      return refuse(
        res,
        'Your session security token is missing or out of date. Please reload the page and try again.',
      );
    }
    next();
  };
