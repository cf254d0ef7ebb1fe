import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import {
  AcceptWorkspaceInvitationCommand,
  ChangeWorkspaceRoleCommand,
  InviteToWorkspaceCommand,
  RemoveWorkspaceMemberCommand,
  RevokeWorkspaceInvitationCommand,
} from './commands/membership.commands';
import {
  CreateWorkspaceCommand,
  DeleteWorkspaceCommand,
  RenameWorkspaceCommand,
  TransferWorkspaceCommand,
} from './commands/workspace.commands';
import {
  GetWorkspaceQuery,
  ListWorkspacesQuery,
  MyWorkspaceInvitationsQuery,
} from './queries/workspace.queries';

const w = contract.workspaces;

/**
 * Workspaces and their members (session or API key). `GET /api/workspaces/invitations` is declared before
 * `GET /api/workspaces/:id` so that the word is never taken for an id.
 */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class WorkspacesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(w.create)
  create(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.create, async ({ body }) => ({
      status: 201 as const,
      body: await this.commands.execute(new CreateWorkspaceCommand(user, body.name)),
    }));
  }

  @TsRestHandler(w.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.list, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new ListWorkspacesQuery(user)),
    }));
  }

  @TsRestHandler(w.myInvitations)
  myInvitations(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.myInvitations, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new MyWorkspaceInvitationsQuery(user)),
    }));
  }

  @TsRestHandler(w.accept)
  accept(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.accept, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new AcceptWorkspaceInvitationCommand(user, params.invitationId)),
    }));
  }

  @TsRestHandler(w.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.get, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new GetWorkspaceQuery(user, params.workspaceId)),
    }));
  }

  @TsRestHandler(w.rename)
  rename(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.rename, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new RenameWorkspaceCommand(user, params.workspaceId, body.name)),
    }));
  }

  @TsRestHandler(w.delete)
  delete(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.delete, async ({ params }) => {
      await this.commands.execute(new DeleteWorkspaceCommand(user, params.workspaceId));
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.invite)
  invite(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.invite, async ({ params, body }) => ({
      status: 201 as const,
      body: await this.commands.execute(
        new InviteToWorkspaceCommand(user, params.workspaceId, body.email, body.role),
      ),
    }));
  }

  @TsRestHandler(w.revokeInvitation)
  revokeInvitation(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.revokeInvitation, async ({ params }) => {
      await this.commands.execute(
        new RevokeWorkspaceInvitationCommand(user, params.workspaceId, params.invitationId),
      );
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.changeRole)
  changeRole(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.changeRole, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(
        new ChangeWorkspaceRoleCommand(user, params.workspaceId, params.userId, body.role),
      ),
    }));
  }

  @TsRestHandler(w.removeMember)
  removeMember(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.removeMember, async ({ params }) => {
      await this.commands.execute(new RemoveWorkspaceMemberCommand(user, params.workspaceId, params.userId));
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.leave)
  leave(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.leave, async ({ params }) => {
      await this.commands.execute(new RemoveWorkspaceMemberCommand(user, params.workspaceId, user.id));
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.transfer)
  transfer(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.transfer, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new TransferWorkspaceCommand(user, params.workspaceId, body.userId)),
    }));
  }
}
