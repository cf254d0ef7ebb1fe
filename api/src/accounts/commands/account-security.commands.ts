import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import type { AccountSession } from '@scrivo/contracts';
import { AccountStreams, type PasswordHasher, userAccountDecider } from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';
import { hashId, SessionStore } from '../../common/auth/session-store';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { loadUser } from '../support/account-lookups';
import { describeDevice } from '../support/device';
import { PASSWORD_HASHER } from '../tokens';

/** The session making the request, by its cookie value (the store only knows its hash). */
export interface CurrentSession {
  readonly userId: string;
  readonly cookieValue: string | undefined;
}

export class ChangePasswordCommand extends Command<{ signedOutSessions: number }> {
  constructor(
    readonly session: CurrentSession,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}

/**
 * The current password proves it is the owner at the keyboard (not someone at an unlocked screen); once changed,
 * every other browser signed in with the old one is signed out, this one stays.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sessions: SessionStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ session, currentPassword, newPassword }: ChangePasswordCommand) {
    const user = await loadUser(this.runner, session.userId);
    const currentPasswordMatched = user.passwordHash
      ? await this.hasher.verify(user.passwordHash, currentPassword)
      : false;
    // The decider refuses a wrong password before the slow hash of the new one is needed.
    const newPasswordHash = currentPasswordMatched ? await this.hasher.hash(newPassword) : '';
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(session.userId),
      { type: 'ChangePassword', currentPasswordMatched, newPasswordHash, at: this.runner.now() },
      { actor: { kind: 'user', id: session.userId } },
    );
    const signedOutSessions = await this.sessions.revokeAllOthers(
      'user',
      session.userId,
      session.cookieValue,
    );
    return { signedOutSessions };
  }
}

export class ListSessionsQuery extends Query<AccountSession[]> {
  constructor(readonly session: CurrentSession) {
    super();
  }
}

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ session }: ListSessionsQuery): Promise<AccountSession[]> {
    const current = session.cookieValue ? hashId(session.cookieValue) : null;
    return (await this.sessions.listFor('user', session.userId)).map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      userAgent: s.userAgent ?? null,
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      expiresAt: s.expiresAt,
      current: s.id === current,
    }));
  }
}

export class RevokeSessionCommand extends Command<number> {
  constructor(
    readonly userId: string,
    /** The id the list of sessions answered, or null for every session but the current one. */
    readonly sessionId: string | null,
    readonly currentCookie: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(RevokeSessionCommand)
export class RevokeSessionHandler implements ICommandHandler<RevokeSessionCommand> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ userId, sessionId, currentCookie }: RevokeSessionCommand): Promise<number> {
    if (sessionId === null) return this.sessions.revokeAllOthers('user', userId, currentCookie);
    // Another user's session answers as one that does not exist.
    if (!(await this.sessions.revokeOwned('user', userId, sessionId)))
      throw new ApiError(404, 'SESSION_NOT_FOUND', 'This session does not exist or has already ended.');
    return 1;
  }
}
