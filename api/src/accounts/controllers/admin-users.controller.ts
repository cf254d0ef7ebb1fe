import { Controller, Inject, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AdminUserDetail, contract } from '@scrivo/contracts';
import { DomainError, type ReadModelStore } from '@scrivo/domain';
import {
  AccountStreams,
  type ChangedBy,
  INVITATIONS,
  type InvitationDoc,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { AdminGuard } from '../../common/auth/guards';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';
import { RequestPasswordResetCommand } from '../commands/password-reset.commands';
import { UserDirectory } from '../operator/user-directory';
import { UserOperations } from '../operator/user-operations';
import { AccountSessions } from '../support/sessions';
import { SignupGate } from '../support/signup-gate';
import { VerificationMail } from '../support/verification-mail';

const c = contract.adminUsers;

/** The operator's console for users and plans (docs/accounts.md). AdminGuard: 401 anonymous, 403 for users. */
@Controller()
@UseGuards(AdminGuard)
export class AdminUsersController {
  constructor(
    private readonly directory: UserDirectory,
    private readonly operations: UserOperations,
    private readonly runner: StreamRunner,
    private readonly mail: VerificationMail,
    private readonly signups: SignupGate,
    private readonly commands: CommandBus,
    private readonly sessions: AccountSessions,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  private by(req: AuthenticatedRequest): ChangedBy {
    const admin = req.admin!;
    return { kind: 'admin', adminId: admin.id, label: admin.email };
  }

  private async detail(userId: string): Promise<AdminUserDetail> {
    const doc = await this.directory.doc(userId);
    if (!doc) throw new ApiError(404, 'USER_NOT_FOUND', 'No account was found.');
    const row = await this.directory.row(doc);
    return {
      user: { ...row, language: doc.language, hasPassword: doc.hasPassword, googleLinked: doc.googleLinked },
      history: await this.operations.history(userId),
    };
  }

  /** 404 before any change, so a made-up id never starts a stream. */
  private async existing(userId: string): Promise<string> {
    if (!(await this.runner.state(userAccountDecider, AccountStreams.user(userId))).exists)
      throw new ApiError(404, 'USER_NOT_FOUND', 'No account was found.');
    return userId;
  }

  @TsRestHandler(c.listUsers)
  list() {
    return tsRestHandler(c.listUsers, async ({ query }) => ({
      status: 200 as const,
      body: await this.directory.list(query),
    }));
  }

  @TsRestHandler(c.getUser)
  get() {
    return tsRestHandler(c.getUser, async ({ params }) => ({
      status: 200 as const,
      body: await this.detail(params.userId),
    }));
  }

  @TsRestHandler(c.setPlan)
  setPlan(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.setPlan, async ({ params, body }) => {
      const userId = await this.existing(params.userId);
      const until = body.until ? new Date(body.until).toISOString() : null;
      await this.operations.setPlan(userId, body.plan, until, this.by(req), body.reason);
      return { status: 200 as const, body: await this.detail(userId) };
    });
  }

  @TsRestHandler(c.grantMinutes)
  grantMinutes(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.grantMinutes, async ({ params, body }) => {
      const userId = await this.existing(params.userId);
      await this.operations.grantMinutes(userId, body.minutes, this.by(req), body.reason);
      return { status: 200 as const, body: await this.detail(userId) };
    });
  }

  @TsRestHandler(c.suspend)
  suspend(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.suspend, async ({ params, body }) => {
      const userId = await this.existing(params.userId);
      await this.operations.suspend(userId, this.by(req), body.reason);
      return { status: 200 as const, body: await this.detail(userId) };
    });
  }

  @TsRestHandler(c.reactivate)
  reactivate(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.reactivate, async ({ params, body }) => {
      const userId = await this.existing(params.userId);
      await this.operations.reactivate(userId, this.by(req), body.reason);
      return { status: 200 as const, body: await this.detail(userId) };
    });
  }

  @TsRestHandler(c.resendVerification)
  resendVerification() {
    return tsRestHandler(c.resendVerification, async ({ params }) => {
      const userId = await this.existing(params.userId);
      const user = await this.runner.state(userAccountDecider, AccountStreams.user(userId));
      if (user.emailVerified)
        throw new ApiError(409, 'ALREADY_VERIFIED', 'This address is already verified.');
      await this.mail.send(user.email!, user.language);
      return { status: 200 as const, body: { sent: true } };
    });
  }

  @TsRestHandler(c.invite)
  invite(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.invite, async ({ body }) => {
      await this.operations.invite(body.email, this.by(req));
      return { status: 200 as const, body: { email: body.email.toLowerCase(), invited: true as const } };
    });
  }

  @TsRestHandler(c.listInvitations)
  listInvitations() {
    return tsRestHandler(c.listInvitations, async () => {
      const docs = await this.readModels
        .collection<InvitationDoc>(INVITATIONS)
        .find({}, { sort: [{ field: 'invitedAt', direction: 'desc' }], limit: 200 });
      const invitations = await Promise.all(
        docs.map(async (doc) => ({
          email: doc.email,
          invitedBy: doc.invitedBy,
          invitedAt: doc.invitedAt,
          signedUp: (await this.operations.userIdByEmail(doc.email)) !== null,
        })),
      );
      return { status: 200 as const, body: { invitations } };
    });
  }

  @TsRestHandler(c.revokeInvitation)
  revokeInvitation(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.revokeInvitation, async ({ body }) => {
      await this.operations.revokeInvitation(body.email, this.by(req));
      return { status: 200 as const, body: { email: body.email.toLowerCase(), invited: false as const } };
    });
  }

  /** For closed sign-ups: the account starts without a password; the emailed reset link lets its owner set one. */
  @TsRestHandler(c.createUser)
  create(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.createUser, async ({ body }) => {
      if (await this.operations.userIdByEmail(body.email))
        throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists.');
      const userId = await this.operations.createAccount(
        {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          plan: this.signups.defaultPlan,
        },
        this.by(req),
      );
      await this.commands.execute(
        new RequestPasswordResetCommand(body.email, undefined, this.sessions.publicUrl),
      );
      return { status: 201 as const, body: { id: userId, email: body.email.toLowerCase() } };
    });
  }
}
