import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminUserDetail } from '@scrivo/contracts';
import type { ChangedBy, PlanId } from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { UserDirectory } from '../operator/user-directory';
import { UserOperations } from '../operator/user-operations';
import { loadUser } from '../support/account-lookups';
import { AccountSessions } from '../support/sessions';
import { SignupGate } from '../support/signup-gate';
import { VerificationMail } from '../support/verification-mail';
import { RequestPasswordResetCommand } from './password-reset.commands';

const userNotFound = () => new ApiError(404, 'USER_NOT_FOUND', 'No account was found.');

/** A user as the operator's console shows them: the directory's row and the operators' changes, newest first. */
export const adminUserDetail = async (directory: UserDirectory, userId: string): Promise<AdminUserDetail> => {
  const doc = await directory.doc(userId);
  if (!doc) throw userNotFound();
  const row = await directory.row(doc);
  return {
    user: { ...row, language: doc.language, hasPassword: doc.hasPassword, googleLinked: doc.googleLinked },
    history: await directory.history(userId),
  };
};

/** What an operator may change about a user, always with who and why. */
export type OperatorChange =
  | { readonly kind: 'plan'; readonly plan: PlanId; readonly until: string | null }
  | { readonly kind: 'grantMinutes'; readonly minutes: number }
  | { readonly kind: 'suspend' }
  | { readonly kind: 'reactivate' };

/** An operator's change to a user; answers the user as the console shows them. */
export class ChangeUserByOperatorCommand extends Command<AdminUserDetail> {
  constructor(
    readonly by: ChangedBy,
    readonly userId: string,
    readonly change: OperatorChange,
    readonly reason: string,
  ) {
    super();
  }
}

/**
 * The console's changes run through UserOperations, the operator's write side it shares with the `users` CLI
 * (which runs without Nest); it calls StreamRunner.run for every stream.
 */
@CommandHandler(ChangeUserByOperatorCommand)
export class ChangeUserByOperatorHandler implements ICommandHandler<ChangeUserByOperatorCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly operations: UserOperations,
    private readonly directory: UserDirectory,
  ) {}

  async execute({ by, userId, change, reason }: ChangeUserByOperatorCommand): Promise<AdminUserDetail> {
    // 404 before any change, so a made-up id never starts a stream.
    if (!(await loadUser(this.runner, userId)).exists) throw userNotFound();
    switch (change.kind) {
      case 'plan':
        await this.operations.setPlan(userId, change.plan, change.until, by, reason);
        break;
      case 'grantMinutes':
        await this.operations.grantMinutes(userId, change.minutes, by, reason);
        break;
      case 'suspend':
        await this.operations.suspend(userId, by, reason);
        break;
      case 'reactivate':
        await this.operations.reactivate(userId, by, reason);
        break;
    }
    return adminUserDetail(this.directory, userId);
  }
}

/** Mails the user a new code to prove their address (409 once it is proven). */
export class ResendVerificationByOperatorCommand extends Command<{ sent: true }> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(ResendVerificationByOperatorCommand)
export class ResendVerificationByOperatorHandler implements ICommandHandler<ResendVerificationByOperatorCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly mail: VerificationMail,
  ) {}

  async execute({ userId }: ResendVerificationByOperatorCommand): Promise<{ sent: true }> {
    const user = await loadUser(this.runner, userId);
    if (!user.exists) throw userNotFound();
    if (user.emailVerified) throw new ApiError(409, 'ALREADY_VERIFIED', 'This address is already verified.');
    await this.mail.send(user.email!, user.language);
    return { sent: true };
  }
}

/**
 * Invites an address while sign-ups are closed, or takes the invitation back; answers the address and whether it
 * is invited now.
 */
export class ChangeInvitationCommand<Invited extends boolean = boolean> extends Command<{
  email: string;
  invited: Invited;
}> {
  constructor(
    readonly by: ChangedBy,
    readonly email: string,
    readonly invited: Invited,
  ) {
    super();
  }
}

@CommandHandler(ChangeInvitationCommand)
export class ChangeInvitationHandler implements ICommandHandler<ChangeInvitationCommand> {
  constructor(private readonly operations: UserOperations) {}

  async execute({ by, email, invited }: ChangeInvitationCommand) {
    if (invited) await this.operations.invite(email, by);
    else await this.operations.revokeInvitation(email, by);
    return { email: email.toLowerCase(), invited };
  }
}

/**
 * For closed sign-ups: the operator creates the account without a password, and the emailed reset link lets its
 * owner set one.
 */
export class CreateUserByOperatorCommand extends Command<{ id: string; email: string }> {
  constructor(
    readonly by: ChangedBy,
    readonly person: { readonly email: string; readonly firstName: string; readonly lastName: string },
  ) {
    super();
  }
}

@CommandHandler(CreateUserByOperatorCommand)
export class CreateUserByOperatorHandler implements ICommandHandler<CreateUserByOperatorCommand> {
  constructor(
    private readonly operations: UserOperations,
    private readonly signups: SignupGate,
    private readonly sessions: AccountSessions,
    private readonly commands: CommandBus,
  ) {}

  async execute({ by, person }: CreateUserByOperatorCommand) {
    const userId = await this.operations.createAccount({ ...person, plan: this.signups.defaultPlan }, by);
    await this.commands.execute(
      new RequestPasswordResetCommand(person.email, undefined, this.sessions.publicUrl),
    );
    return { id: userId, email: person.email.toLowerCase() };
  }
}

export const adminUsersCommandHandlers = [
  ChangeUserByOperatorHandler,
  ResendVerificationByOperatorHandler,
  ChangeInvitationHandler,
  CreateUserByOperatorHandler,
];
