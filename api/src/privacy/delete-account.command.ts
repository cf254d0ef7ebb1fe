import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountStreams, type PasswordHasher, userAccountDecider } from '@scrivo/domain/accounts';
import { AccountStreamsService } from '../accounts/support/account-streams';
import { PASSWORD_HASHER } from '../accounts/tokens';
import { SessionStore } from '../common/auth/session-store';
import { StreamRunner } from '../infrastructure/stream-runner';

export class DeleteAccountCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly password: string,
  ) {
    super();
  }
}

/**
 * Records the owner's request (the password proves it is them); the account is gone for every reader from that
 * event on. The erasure itself is the account-erasure reactor's, so it survives a crash half-way.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly runner: StreamRunner,
    private readonly sessions: SessionStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ userId, password }: DeleteAccountCommand): Promise<void> {
    const user = await this.streams.loadUser(userId);
    const passwordMatched = user.passwordHash ? await this.hasher.verify(user.passwordHash, password) : false;
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'RequestAccountErasure', passwordMatched, at: this.streams.now() },
      { actor: { kind: 'user', id: userId } },
    );
    // The reactor does it too; here so this answer already finds every other browser signed out.
    await this.sessions.revokeAllFor('user', userId);
  }
}
