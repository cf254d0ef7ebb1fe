import { StreamRunner } from '../../infrastructure/stream-runner';
import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import {
  AccountRules,
  AccountStreams,
  type Language,
  type Mailer,
  type PasswordHasher,
  passwordResetEmail,
  usableResetLink,
  userAccountDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';
import { SessionStore } from '../../common/auth/session-store';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { loadUser, userIdByEmail } from '../support/account-lookups';
import { newResetToken, parseResetToken } from '../support/secrets';
import { MAILER, PASSWORD_HASHER } from '../tokens';

export const resetRequestedMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it a link to reset the password. The link is valid for 1 hour.`;

export class RequestPasswordResetCommand extends Command<string> {
  constructor(
    readonly email: string,
    readonly language: Language | undefined,
    /** Where the app is reached, for the link in the email. */
    readonly publicUrl: string,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    private readonly runner: StreamRunner,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  /** Answers the same whether or not the account exists, so the form cannot be used to probe addresses. */
  async execute({ email, language, publicUrl }: RequestPasswordResetCommand): Promise<string> {
    const userId = await userIdByEmail(this.runner, this.emails, email);
    const user = userId ? await loadUser(this.runner, userId) : null;
    if (!userId || !user?.exists) return resetRequestedMessage(email);
    const { token, hash } = newResetToken(userId);
    const now = new Date(this.runner.now());
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      {
        type: 'RequestPasswordReset',
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + AccountRules.resetTokenTtlMs).toISOString(),
        at: now.toISOString(),
      },
      { actor: { kind: 'visitor', id: userId } },
    );
    const link = `${publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await this.mailer.send(passwordResetEmail(user.email!, link, language ?? user.language));
    } catch (error) {
      this.logger.error({ err: error }, 'password reset email could not be sent');
      // The mail server failed, not a rule: asking again sends a new link.
      throw new ApiError(
        502,
        'EMAIL_SEND_FAILED',
        'We could not send the reset email. Please try again in a moment.',
      );
    }
    return resetRequestedMessage(email);
  }
}

/** The account a reset link names, once the domain found the link usable (INVALID_RESET_TOKEN otherwise). */
const resetLinkOf = async (runner: StreamRunner, token: string) => {
  const parsed = parseResetToken(token);
  return usableResetLink(
    parsed && { ...parsed, account: await loadUser(runner, parsed.userId) },
    runner.now(),
  );
};

export class ValidateResetTokenQuery extends Query<{ email: string }> {
  constructor(readonly token: string) {
    super();
  }
}

@QueryHandler(ValidateResetTokenQuery)
export class ValidateResetTokenHandler implements IQueryHandler<ValidateResetTokenQuery> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ token }: ValidateResetTokenQuery): Promise<{ email: string }> {
    const { account } = await resetLinkOf(this.runner, token);
    return { email: account.email! };
  }
}

export class ResetPasswordCommand extends Command<void> {
  constructor(
    readonly token: string,
    readonly newPassword: string,
  ) {
    super();
  }
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sessions: SessionStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ token, newPassword }: ResetPasswordCommand): Promise<void> {
    // Refuse before the slow hash when the token is already known to be unusable.
    const link = await resetLinkOf(this.runner, token);
    const newPasswordHash = await this.hasher.hash(newPassword);
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(link.userId),
      { type: 'ResetPassword', tokenHash: link.hash, newPasswordHash, at: this.runner.now() },
      { actor: { kind: 'visitor', id: link.userId } },
    );
    // Whoever knew the old password is signed out everywhere.
    await this.sessions.revokeAllFor('user', link.userId);
  }
}
