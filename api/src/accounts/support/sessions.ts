import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SessionStore, type SessionKind } from '../../common/auth/session-store';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from './session-cookies';

/** Starts and ends sessions for the accounts controllers. A sign-in always gets a fresh id (no fixation). */
@Injectable()
export class AccountSessions {
  constructor(
    private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get secure() {
    return this.config.SCRIVO_PUBLIC_URL.startsWith('https://');
  }

  async start(req: Request, res: Response, kind: SessionKind, subjectId: string): Promise<void> {
    await this.sessions.revoke(sessionCookieOf(req, kind));
    const session = await this.sessions.create(kind, subjectId, req.get('user-agent') ?? null);
    setSessionCookie(res, kind, session.id, session.expiresAt, this.secure);
  }

  async end(req: Request, res: Response, kind: SessionKind): Promise<void> {
    await this.sessions.revoke(sessionCookieOf(req, kind));
    clearSessionCookie(res, kind, this.secure);
  }

  /** Where links in emails point: the configured public URL, never the request's Host (link poisoning). */
  get publicUrl(): string {
    return this.config.SCRIVO_PUBLIC_URL;
  }
}
