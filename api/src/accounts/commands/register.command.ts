import { type RunContext, StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterBody } from '@scrivo/contracts';
import { DomainError, type Ids } from '@scrivo/domain';
import {
  AccountStreams,
  type PasswordHasher,
  userAccountDecider,
  emailVerificationDecider,
  emailClaimDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';

import { loadUser, userIdByEmail } from '../support/account-lookups';
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
 * Registration: claim the address (unique), use up its verification (if any), then record the account. A claim
 * left behind by a crash between the two appends is picked up again by the next attempt (same owner id).
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
    const existing = await userIdByEmail(this.runner, this.emails, email);
    if (existing && (await loadUser(this.runner, existing)).exists)
      throw new DomainError(
        'EMAIL_TAKEN',
        'An account with this email already exists. Please sign in instead.',
      );
    await this.signups.assertMaySignUp(email);
    const userId = existing ?? this.ids.next();
    const passwordHash = await this.hasher.hash(body.password);
    const context: RunContext = { actor: { kind: 'visitor', id: userId } };
    const at = this.runner.now();

    await this.runner.run(
      emailClaimDecider,
      this.emails.userEmail(email),
      { type: 'ClaimEmail', email, ownerId: userId, at },
      context,
    );
    let verified = true;
    try {
      await this.runner.run(
        emailVerificationDecider,
        this.emails.emailVerification(email),
        { type: 'ConsumeVerification', email, userId, at },
        context,
      );
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'EMAIL_NOT_VERIFIED')) throw error;
      verified = false;
    }
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
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
        verifiedBy: verified ? 'code' : null,
        // The controller starts a session for a verified sign-up (and only then).
        signsIn: verified,
        plan: this.signups.defaultPlan,
        at,
      },
      context,
    );
    if (!verified) await this.mail.sendUnlessRecent(email, body.language ?? 'en');
    return { userId, verified };
  }
}
