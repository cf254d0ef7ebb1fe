import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const COOKIE = 'scrivo_oauth_state';

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, ok?: boolean, state?: string | { message: string }) => void;

/**
 * passport-oauth2's state store without server sessions: the state goes into a short-lived httpOnly cookie and
 * must come back unchanged from the provider (CSRF protection of the OAuth callback).
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: Request, ...args: unknown[]): void {
    const callback = args.at(-1) as StoreCallback;
    const state = randomBytes(24).toString('base64url');
    req.res?.cookie(COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/api/auth/google',
      maxAge: 10 * 60_000,
    });
    callback(null, state);
  }

  verify(req: Request, providedState: string, ...args: unknown[]): void {
    const callback = args.at(-1) as VerifyCallback;
    const expected = (req.cookies as Record<string, unknown> | undefined)?.[COOKIE];
    req.res?.clearCookie(COOKIE, { path: '/api/auth/google' });
    const ok =
      typeof expected === 'string' &&
      typeof providedState === 'string' &&
      expected.length === providedState.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(providedState));
    if (!ok)
      return callback(null, false, {
        message: 'The sign-in link expired or was used twice. Please try again.',
      });
    callback(null, true);
  }
}
