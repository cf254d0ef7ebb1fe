import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@scrivo/domain';
import { AccountStreams, type Language, TOO_MANY_WRONG_CODES, WRONG_CODE } from '@scrivo/domain/accounts';
import { Projections } from '../../infrastructure/projection-registry';
import { AccountStreamsService } from '../support/account-streams';
import { hashVerificationCode } from '../support/secrets';
import { SignupGate } from '../support/signup-gate';
import { VerificationMail } from '../support/verification-mail';

export class SendVerificationCodeCommand {
  constructor(
    readonly email: string,
    readonly language: Language | undefined,
  ) {}
}

@CommandHandler(SendVerificationCodeCommand)
export class SendVerificationCodeHandler implements ICommandHandler<SendVerificationCodeCommand, void> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly mail: VerificationMail,
    private readonly signups: SignupGate,
  ) {}

  async execute({ email, language }: SendVerificationCodeCommand): Promise<void> {
    const userId = await this.streams.userIdByEmail(email);
    const user = userId ? await this.streams.loadUser(userId) : null;
    if (user?.exists && user.emailVerified)
      throw new DomainError(
        'EMAIL_TAKEN',
        'An account with this email already exists. Please sign in instead.',
      );
    // The first step of signing up: say at once when this address may not create an account here.
    if (!user?.exists) await this.signups.assertMaySignUp(email);
    await this.mail.send(email, language ?? user?.language ?? 'en');
  }
}

export class VerifyEmailCodeCommand {
  constructor(
    readonly email: string,
    readonly code: string,
  ) {}
}

@CommandHandler(VerifyEmailCodeCommand)
export class VerifyEmailCodeHandler implements ICommandHandler<VerifyEmailCodeCommand, void> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly projections: Projections,
  ) {}

  async execute({ email, code }: VerifyEmailCodeCommand): Promise<void> {
    const result = await this.streams.verifications.handle(
      AccountStreams.emailVerification(email),
      { type: 'CheckCode', email, codeHash: hashVerificationCode(email, code), at: this.streams.now() },
      this.streams.context(),
    );
    const rejected = result.newEvents.find((e) => e.type === 'VerificationCodeRejected');
    if (rejected) {
      // The same message for every wrong code: nothing tells how close a guess was.
      if (rejected.data.attemptsLeft <= 0) throw new DomainError('TOO_MANY_ATTEMPTS', TOO_MANY_WRONG_CODES);
      throw new DomainError('INVALID_VERIFICATION_CODE', WRONG_CODE, {
        attemptsLeft: rejected.data.attemptsLeft,
      });
    }
    // An account that exists already (signed up earlier, never verified) becomes verified now.
    const userId = await this.streams.userIdByEmail(email);
    if (!userId) return;
    const user = await this.streams.users.handle(
      AccountStreams.user(userId),
      { type: 'VerifyUserEmail', method: 'code', at: this.streams.now() },
      this.streams.context(),
    );
    await this.projections.waitFor(user.lastPosition);
  }
}
