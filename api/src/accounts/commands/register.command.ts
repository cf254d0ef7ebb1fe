import { type RunContext, StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterBody } from '@scrivo/contracts';
import type { Ids } from '@scrivo/domain';
import { type PasswordHasher, EmailStreamNames } from '@scrivo/domain/accounts';

import { accountOfAddress, openAccount } from '../support/account-opening';
import { SignupGate } from '../support/signup-gate';
import { VerificationMail } from '../support/verification-mail';
import { PASSWORD_HASHER } from '../tokens';

export class RegisterUserCommand extends Command<RegisterResult> {
  constructor(readonly body: RegisterBody) {
    super();
  }
}

export interface RegisterResult {
  readonly userId: string;
  /** False when the address was not verified first: the account exists but nobody is signed in yet. */
  readonly verified: boolean;
}

/**
 * Registration: the address's account (refused when one exists), then the one opening path (`openAccount`): claim
 * the address, use up its verification (if any), record the account. A claim left behind by a crash between the
 * appends is picked up again by the next attempt (same owner id).
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    @Inject(IDS) private readonly ids: Ids,
    private readonly runner: StreamRunner,
    private readonly mail: VerificationMail,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly signups: SignupGate,
  ) {}

  async execute({ body }: RegisterUserCommand): Promise<RegisterResult> {
    const email = body.email;
    const opening = { runner: this.runner, emails: this.emails, ids: this.ids };
    const account = await accountOfAddress(opening, email);
    await this.signups.admit(email, account.exists);
    const { userId } = account;
    const passwordHash = await this.hasher.hash(body.password);
    const context: RunContext = { actor: { kind: 'visitor', id: userId } };
    const { verified } = await openAccount(
      opening,
      {
        type: 'RegisterUser',
        userId,
        email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        industry: body.industry,
        hearAboutUs: body.hearAboutUs?.trim() ? body.hearAboutUs.trim() : null,
        language: body.language ?? 'en',
        // Proven by the code sent before the account existed, if it is still fresh.
        verifiedBy: 'code',
        // The controller starts a session for a verified sign-up (and only then).
        signsIn: true,
        plan: this.signups.defaultPlan,
        at: this.runner.now(),
      },
      context,
    );
    if (!verified) await this.mail.sendUnlessRecent(email, body.language ?? 'en');
    return { userId, verified };
  }
}
