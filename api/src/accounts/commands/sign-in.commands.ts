import { type RunContext, StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Ids } from '@scrivo/domain';
import {
  AccountStreams,
  type Language,
  passwordSignInRefusal,
  type PasswordHasher,
  requireAddressVerifiedByGoogle,
  userAccountDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';
import { loadUser, userIdByEmail } from '../support/account-lookups';
import { accountOfAddress, openAccount } from '../support/account-opening';
import { SignupGate } from '../support/signup-gate';
import { VerificationMail } from '../support/verification-mail';
import { PASSWORD_HASHER } from '../tokens';

/** Compared against when the account does not exist, so the answer takes as long as a real check. */
let dummyHash: Promise<string> | null = null;

export class PasswordSignInCommand extends Command<string> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(PasswordSignInCommand)
export class PasswordSignInHandler implements ICommandHandler<PasswordSignInCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    private readonly runner: StreamRunner,
    private readonly mail: VerificationMail,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password }: PasswordSignInCommand): Promise<string> {
    const userId = await userIdByEmail(this.runner, this.emails, email);
    const user = userId ? await loadUser(this.runner, userId) : null;
    if (!userId || !user?.exists) {
      dummyHash ??= this.hasher.hash('scrivo-timing-equaliser');
      await this.hasher.verify(await dummyHash, password);
      throw passwordSignInRefusal('no_account');
    }
    const passwordMatched = user.passwordHash ? await this.hasher.verify(user.passwordHash, password) : false;
    const result = await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'RecordPasswordSignIn', passwordMatched, at: this.runner.now() },
      { actor: { kind: 'visitor', id: userId } },
    );
    const outcome = result.newEvents[0]!;
    if (outcome.type === 'UserSignInFailed') {
      if (outcome.data.reason === 'email_not_verified')
        await this.mail.sendUnlessRecent(email, user.language);
      throw passwordSignInRefusal(outcome.data.reason);
    }
    return userId;
  }
}

export interface GoogleProfile {
  readonly subject: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly firstName: string;
  readonly lastName: string;
  readonly language: Language;
}

export class GoogleSignInCommand extends Command<{ userId: string; isNew: boolean }> {
  constructor(readonly profile: GoogleProfile) {
    super();
  }
}

/** Signs in the account that owns the Google email, or creates it (the address is verified by Google). */
@CommandHandler(GoogleSignInCommand)
export class GoogleSignInHandler implements ICommandHandler<GoogleSignInCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    @Inject(IDS) private readonly ids: Ids,
    private readonly runner: StreamRunner,
    private readonly signups: SignupGate,
  ) {}

  async execute({ profile }: GoogleSignInCommand): Promise<{ userId: string; isNew: boolean }> {
    requireAddressVerifiedByGoogle(profile.emailVerified);
    const at = this.runner.now();
    const opening = { runner: this.runner, emails: this.emails, ids: this.ids };
    const { userId, exists } = await accountOfAddress(opening, profile.email);
    const context: RunContext = { actor: { kind: 'visitor', id: userId } };
    if (!exists) {
      await this.signups.admit(profile.email, false);
      await openAccount(
        opening,
        {
          type: 'RegisterUser',
          userId,
          email: profile.email,
          passwordHash: null,
          // Google may leave names empty; the account page lets the user fill them in.
          firstName: profile.firstName,
          lastName: profile.lastName,
          industry: null,
          hearAboutUs: 'Google sign-in',
          language: profile.language,
          verifiedBy: 'google',
          googleSubject: profile.subject,
          plan: this.signups.defaultPlan,
          at,
        },
        context,
      );
    }
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'SignInWithGoogle', googleSubject: profile.subject, at },
      context,
    );
    return { userId, isNew: !exists };
  }
}
