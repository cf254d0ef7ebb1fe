import { Inject, Injectable } from '@nestjs/common';
import type { Clock, Doc, ReadModelStore } from '@scrivo/domain';
import { createHash, randomBytes } from 'node:crypto';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';

export type SessionKind = 'user' | 'admin' | 'auditor';

export interface SessionDoc extends Doc {
  readonly id: string;
  readonly kind: SessionKind;
  readonly subjectId: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** The browser's User-Agent at sign-in, so the account page can name the device (absent on older sessions). */
  readonly userAgent?: string | null;
}

/**
 * When a session was last used, kept apart from the session itself: writing it back into `sessions` could bring
 * back a session revoked between the read and the write, while a stray activity document grants nothing.
 */
interface SessionActivityDoc extends Doc {
  readonly id: string;
  readonly lastUsedAt: string;
}

/** A live session as the account page lists it. */
export interface SessionListing extends SessionDoc {
  readonly lastUsedAt: string;
}

/** How often a session's last use is written: once a minute is exact enough, and spares a write per request. */
const LAST_USE_GRANULARITY_MS = 60_000;

export const SESSION_COOKIE: Record<SessionKind, string> = {
  user: 'scrivo_session',
  admin: 'scrivo_admin_session',
  auditor: 'scrivo_auditor_session',
};
const SESSION_DAYS: Record<SessionKind, number> = { user: 30, admin: 1, auditor: 1 };

/** Only the hash of a session id is stored, so a leaked read-model store does not leak live sessions. */
export const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * Server-side sessions in the shared read-model store, so any API replica can serve any request and sign-out
 * revokes at once. The cookie carries 32 random bytes; nothing else about the user is in it.
 */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get sessions() {
    return this.readModels.collection<SessionDoc>('sessions');
  }

  private get activity() {
    return this.readModels.collection<SessionActivityDoc>('session-activity');
  }

  async create(
    kind: SessionKind,
    subjectId: string,
    userAgent: string | null = null,
  ): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS[kind] * 86_400_000);
    await this.sessions.upsert({
      id: hashId(id),
      kind,
      subjectId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: userAgent?.slice(0, 400) ?? null,
    });
    return { id, expiresAt };
  }

  async resolve(kind: SessionKind, id: string | undefined): Promise<SessionDoc | null> {
    if (!id || id.length > 200) return null;
    const session = await this.sessions.get(hashId(id));
    if (!session || session.kind !== kind) return null;
    if (Date.parse(session.expiresAt) <= this.clock.now().getTime()) {
      await this.drop(session.id);
      return null;
    }
    const now = this.clock.now();
    const used = await this.activity.get(session.id);
    if (!used || now.getTime() - Date.parse(used.lastUsedAt) >= LAST_USE_GRANULARITY_MS)
      await this.activity.upsert({ id: session.id, lastUsedAt: now.toISOString() });
    return session;
  }

  /** A person's live sessions, newest use first; `key` is the stored (hashed) id, never the cookie's value. */
  async listFor(kind: SessionKind, subjectId: string): Promise<SessionListing[]> {
    const now = this.clock.now().getTime();
    const live = (await this.sessions.find({ kind, subjectId })).filter((s) => Date.parse(s.expiresAt) > now);
    const listed = await Promise.all(
      live.map(async (s) => ({
        ...s,
        lastUsedAt: (await this.activity.get(s.id))?.lastUsedAt ?? s.createdAt,
      })),
    );
    return listed.sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
  }

  private async drop(storedId: string): Promise<void> {
    await this.sessions.delete(storedId);
    await this.activity.delete(storedId);
  }

  /** Ends one of a person's sessions by its stored id; false when it is not theirs (or is gone). */
  async revokeOwned(kind: SessionKind, subjectId: string, storedId: string): Promise<boolean> {
    const session = await this.sessions.get(storedId);
    if (!session || session.kind !== kind || session.subjectId !== subjectId) return false;
    await this.drop(session.id);
    return true;
  }

  /** Ends every session of a person but the one making the request (its cookie value). */
  async revokeAllOthers(kind: SessionKind, subjectId: string, keepId: string | undefined): Promise<number> {
    const keep = keepId ? hashId(keepId) : null;
    let revoked = 0;
    for (const s of await this.sessions.find({ kind, subjectId })) {
      if (s.id === keep) continue;
      await this.drop(s.id);
      revoked += 1;
    }
    return revoked;
  }

  async revoke(id: string | undefined): Promise<void> {
    if (id) await this.drop(hashId(id));
  }

  /**
   * Ends the sessions a person began before this instant (a suspension): one begun after it, once they were let in
   * again, stays. A repeat ends nothing more.
   */
  async revokeStartedBefore(kind: SessionKind, subjectId: string, instant: string): Promise<void> {
    const before = Date.parse(instant);
    for (const s of await this.sessions.find({ kind, subjectId }))
      if (Date.parse(s.createdAt) <= before) await this.drop(s.id);
  }

  /** Signs a person out everywhere (after a password change, for example). */
  async revokeAllFor(kind: SessionKind, subjectId: string): Promise<void> {
    for (const s of await this.sessions.find({ kind, subjectId })) await this.drop(s.id);
  }
}
