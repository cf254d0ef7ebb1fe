import { Controller, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import type { ChangedBy } from '@scrivo/domain/accounts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { AdminGuard } from '../../common/auth/guards';
import {
  adminUserDetail,
  ChangeInvitationCommand,
  ChangeUserByOperatorCommand,
  CreateUserByOperatorCommand,
  type OperatorChange,
  ResendVerificationByOperatorCommand,
} from '../commands/admin-users.commands';
import { UserDirectory } from '../operator/user-directory';
import { UserOperations } from '../operator/user-operations';
import { StaffDirectory } from '../support/staff-directory';

const c = contract.adminUsers;

/** The operator's console for users and plans (docs/accounts.md). AdminGuard: 401 anonymous, 403 for users. */
@Controller()
@UseGuards(AdminGuard)
export class AdminUsersController {
  constructor(
    private readonly directory: UserDirectory,
    private readonly operations: UserOperations,
    private readonly commands: CommandBus,
    private readonly staff: StaffDirectory,
  ) {}

  private by(req: AuthenticatedRequest): ChangedBy {
    const admin = req.admin!;
    return { kind: 'admin', adminId: admin.id, label: admin.email };
  }

  private change(req: AuthenticatedRequest, userId: string, change: OperatorChange, reason: string) {
    return this.commands.execute(new ChangeUserByOperatorCommand(this.by(req), userId, change, reason));
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
      body: await adminUserDetail(this.directory, params.userId),
    }));
  }

  @TsRestHandler(c.setPlan)
  setPlan(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.setPlan, async ({ params, body }) => {
      const until = body.until ? new Date(body.until).toISOString() : null;
      const change = { kind: 'plan' as const, plan: body.plan, until };
      return { status: 200 as const, body: await this.change(req, params.userId, change, body.reason) };
    });
  }

  @TsRestHandler(c.grantMinutes)
  grantMinutes(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.grantMinutes, async ({ params, body }) => {
      const change = { kind: 'grantMinutes' as const, minutes: body.minutes };
      return { status: 200 as const, body: await this.change(req, params.userId, change, body.reason) };
    });
  }

  @TsRestHandler(c.suspend)
  suspend(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.suspend, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.change(req, params.userId, { kind: 'suspend' }, body.reason),
    }));
  }

  @TsRestHandler(c.reactivate)
  reactivate(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.reactivate, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.change(req, params.userId, { kind: 'reactivate' }, body.reason),
    }));
  }

  @TsRestHandler(c.resendVerification)
  resendVerification() {
    return tsRestHandler(c.resendVerification, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new ResendVerificationByOperatorCommand(params.userId)),
    }));
  }

  @TsRestHandler(c.invite)
  invite(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.invite, async ({ body }) => {
      const invitation = new ChangeInvitationCommand(this.by(req), body.email, true as const);
      return { status: 200 as const, body: await this.commands.execute(invitation) };
    });
  }

  @TsRestHandler(c.listInvitations)
  listInvitations() {
    return tsRestHandler(c.listInvitations, async () => {
      const docs = await this.staff.invitations();
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
      const invitation = new ChangeInvitationCommand(this.by(req), body.email, false as const);
      return { status: 200 as const, body: await this.commands.execute(invitation) };
    });
  }

  @TsRestHandler(c.createUser)
  create(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.createUser, async ({ body }) => {
      const person = { email: body.email, firstName: body.firstName, lastName: body.lastName };
      const created = await this.commands.execute(new CreateUserByOperatorCommand(this.by(req), person));
      return { status: 201 as const, body: created };
    });
  }
}
