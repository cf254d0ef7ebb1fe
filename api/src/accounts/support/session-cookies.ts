import type { Request, Response } from 'express';
import { SESSION_COOKIE, type SessionKind } from '../../common/auth/session-store';

/** httpOnly, SameSite=Lax, Secure when served over https: the browser never lets scripts read the session id. */
export const setSessionCookie = (
  res: Response,
  kind: SessionKind,
  id: string,
  expiresAt: Date,
  secure: boolean,
) => {
  res.cookie(SESSION_COOKIE[kind], id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
};

export const clearSessionCookie = (res: Response, kind: SessionKind, secure: boolean) => {
  res.clearCookie(SESSION_COOKIE[kind], { httpOnly: true, sameSite: 'lax', secure, path: '/' });
};

export const sessionCookieOf = (req: Request, kind: SessionKind): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE[kind]];
  return typeof value === 'string' ? value : undefined;
};
