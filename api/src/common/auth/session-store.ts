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
}

export const SESSION_COOKIE: Record<SessionKind, string> = {
  user: 'scrivo_session',
  admin: 'scrivo_admin_session',
  auditor: 'scrivo_auditor_session',
};
const SESSION_DAYS: Record<SessionKind, number> = { user: 30, admin: 1, auditor: 1 };

/** Only the hash of a session id is stored, so a leaked read-model store does not leak live sessions. */
const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

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

  async create(kind: SessionKind, subjectId: string): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS[kind] * 86_400_000);
    await this.sessions.upsert({
      id: hashId(id),
      kind,
      subjectId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { id, expiresAt };
  }

  async resolve(kind: SessionKind, id: string | undefined): Promise<SessionDoc | null> {
    if (!id || id.length > 200) return null;
    const session = await this.sessions.get(hashId(id));
    if (!session || session.kind !== kind) return null;
    if (Date.parse(session.expiresAt) <= this.clock.now().getTime()) {
      await this.sessions.delete(session.id);
      return null;
    }
    return session;
  }

  async revoke(id: string | undefined): Promise<void> {
    if (id) await this.sessions.delete(hashId(id));
  }

  /** Signs a person out everywhere (after a password change, for example). */
  async revokeAllFor(kind: SessionKind, subjectId: string): Promise<void> {
    for (const s of await this.sessions.find({ kind, subjectId })) await this.sessions.delete(s.id);
  }
}
