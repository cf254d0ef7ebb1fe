import { StreamRunner } from '../../infrastructure/stream-runner';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AccountStreams,
  type Language,
  rejectedCodeRefusal,
  userAccountDecider,
  emailVerificationDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';

import { loadUser, userIdByEmail } from '../support/account-lookups';
import { hashVerificationCode } from '../support/secrets';
import { SignupGate } from '../support/signup-gate';
import { VerificationMail } from '../support/verification-mail';

export class SendVerificationCodeCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly language: Language | undefined,
  ) {
    super();
  }
}

@CommandHandler(SendVerificationCodeCommand)
export class SendVerificationCodeHandler implements ICommandHandler<SendVerificationCodeCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly emails: EmailStreamNames,
    private readonly mail: VerificationMail,
    private readonly signups: SignupGate,
  ) {}

  async execute({ email, language }: SendVerificationCodeCommand): Promise<void> {
    const userId = await userIdByEmail(this.runner, this.emails, email);
    const user = userId ? await loadUser(this.runner, userId) : null;
    // The first step of signing up: say at once when this address may not create an account here. An account that
    // exists unverified is no sign-up: it gets its code whatever the policy says.
    if (!user?.exists || user.emailVerified) await this.signups.admit(email, user?.exists ?? false);
    await this.mail.send(email, language ?? user?.language ?? 'en');
  }
}

export class VerifyEmailCodeCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly code: string,
  ) {
    super();
  }
}

@CommandHandler(VerifyEmailCodeCommand)
export class VerifyEmailCodeHandler implements ICommandHandler<VerifyEmailCodeCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    private readonly runner: StreamRunner,
  ) {}

  async execute({ email, code }: VerifyEmailCodeCommand): Promise<void> {
    const result = await this.runner.run(
      emailVerificationDecider,
      this.emails.emailVerification(email),
      { type: 'CheckCode', email, codeHash: hashVerificationCode(email, code), at: this.runner.now() },
      {},
    );
    const rejected = result.newEvents.find((e) => e.type === 'VerificationCodeRejected');
    // Recorded, so the wrong code counts; then answered with the domain's refusal.
    if (rejected) throw rejectedCodeRefusal(rejected);
    // An account that exists already (signed up earlier, never verified) becomes verified now.
    const userId = await userIdByEmail(this.runner, this.emails, email);
    if (!userId) return;
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'VerifyUserEmail', method: 'code', at: this.runner.now() },
      {},
    );
  }
}
