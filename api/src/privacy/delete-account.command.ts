import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AccountStreams,
  accountDeletionCodeEmail,
  emailVerificationDecider,
  erasureCodeRecipient,
  type PasswordHasher,
  userAccountDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';
import { loadUser } from '../accounts/support/account-lookups';
import { hashVerificationCode } from '../accounts/support/secrets';
import { VerificationMail } from '../accounts/support/verification-mail';
import { PASSWORD_HASHER } from '../accounts/tokens';
import { SessionStore } from '../common/auth/session-store';
import { StreamRunner } from '../infrastructure/stream-runner';

/** How the owner confirms: their password, or the code emailed to them. */
export type DeletionProof = { readonly password: string } | { readonly code: string };

export class DeleteAccountCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly proof: DeletionProof,
  ) {
    super();
  }
}

export class SendDeletionCodeCommand extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}

/**
 * Emails the owner a code that confirms the deletion: the way for an account made through Google, which has no
 * password. The code lives on the address's verification stream (hashed, 10 minutes, 5 tries, a resend
 * cooldown), like a sign-up code.
 */
@CommandHandler(SendDeletionCodeCommand)
export class SendDeletionCodeHandler implements ICommandHandler<SendDeletionCodeCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly mail: VerificationMail,
  ) {}

  async execute({ userId }: SendDeletionCodeCommand): Promise<void> {
    const { email, language } = erasureCodeRecipient(await loadUser(this.runner, userId));
    await this.mail.send(email, language, accountDeletionCodeEmail);
  }
}

/**
 * Records the owner's request (the password or the emailed code proves it is them); the account is gone for
 * every reader from that event on. The erasure itself is the account-erasure reactor's, so it survives a crash
 * half-way.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    private readonly runner: StreamRunner,
    private readonly sessions: SessionStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ userId, proof }: DeleteAccountCommand): Promise<void> {
    const user = await loadUser(this.runner, userId);
    const confirmation =
      'password' in proof
        ? {
            confirmedBy: 'password' as const,
            confirmed: user.passwordHash
              ? await this.hasher.verify(user.passwordHash, proof.password)
              : false,
          }
        : { confirmedBy: 'code' as const, confirmed: await this.codeMatches(user.email, proof.code) };
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'RequestAccountErasure', ...confirmation, at: this.runner.now() },
      { actor: { kind: 'user', id: userId } },
    );
    // The reactor does it too; here so this answer already finds every other browser signed out.
    await this.sessions.revokeAllFor('user', userId);
  }

  /**
   * Checks the code on the address's verification stream (a wrong one counts as one of its 5 tries; only a code
   * still waiting counts, which the decider sees to).
   */
  private async codeMatches(email: string | null, code: string): Promise<boolean> {
    if (!email) return false;
    const result = await this.runner.run(
      emailVerificationDecider,
      this.emails.emailVerification(email),
      { type: 'CheckPendingCode', email, codeHash: hashVerificationCode(email, code), at: this.runner.now() },
      {},
    );
    return !result.newEvents.some((e) => e.type === 'VerificationCodeRejected');
  }
}
