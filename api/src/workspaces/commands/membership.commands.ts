import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GivenWorkspaceRole, WorkspaceDetail, WorkspaceSummary } from '@scrivo/contracts';
import { type Ids, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { EmailStreamNames, USERS, type UserDoc } from '@scrivo/domain/accounts';
import {
  WORKSPACE_INVITATIONS_COLLECTION,
  type WorkspaceInvitationDoc,
  workspaceDecider,
  workspaceStream,
} from '@scrivo/domain/workspaces';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { WorkspaceMembership } from '../support/workspace-membership';
import { workspaceDetail, workspaceSummary } from '../support/workspace-view';
import { runOnWorkspace } from './workspace.commands';

export class InviteToWorkspaceCommand extends Command<{ id: string }> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly email: string,
    readonly role: GivenWorkspaceRole,
  ) {
    super();
  }
}

/**
 * Records the invitation; the invitee finds it in their list once signed in with that verified address. Its email
 * goes after the write, from the invitation-emails reactor (invitation-emails.reactor.ts).
 */
@CommandHandler(InviteToWorkspaceCommand)
export class InviteToWorkspaceHandler implements ICommandHandler<InviteToWorkspaceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
    private readonly emails: EmailStreamNames,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, workspaceId, email, role }: InviteToWorkspaceCommand): Promise<{ id: string }> {
    const invitationId = this.ids.next();
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'InviteMember',
      by: user.id,
      invitationId,
      email,
      addressKey: this.emails.keyOf(email),
      role,
      now: this.runner.now(),
    });
    return { id: invitationId };
  }
}

export class RevokeWorkspaceInvitationCommand extends Command<void> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly invitationId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeWorkspaceInvitationCommand)
export class RevokeWorkspaceInvitationHandler implements ICommandHandler<RevokeWorkspaceInvitationCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, workspaceId, invitationId }: RevokeWorkspaceInvitationCommand): Promise<void> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'RevokeInvitation',
      by: user.id,
      invitationId,
      now: this.runner.now(),
    });
  }
}

export class AcceptWorkspaceInvitationCommand extends Command<WorkspaceSummary> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly invitationId: string,
  ) {
    super();
  }
}

@CommandHandler(AcceptWorkspaceInvitationCommand)
export class AcceptWorkspaceInvitationHandler implements ICommandHandler<AcceptWorkspaceInvitationCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, invitationId }: AcceptWorkspaceInvitationCommand): Promise<WorkspaceSummary> {
    const invitation = await this.readModels
      .collection<WorkspaceInvitationDoc>(WORKSPACE_INVITATIONS_COLLECTION)
      .get(invitationId);
    // Someone else's invitation is as not found as none (the decider checks the address again).
    if (!invitation || invitation.email !== user.email.toLowerCase())
      throw new NotFoundError('Workspace invitation', invitationId);
    // The address proves who the invitation is for only once it is verified.
    const account = await this.readModels.collection<UserDoc>(USERS).get(user.id);
    if (!account?.emailVerified)
      throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Verify your email address to accept this invitation.');
    await this.runner.run(
      workspaceDecider,
      workspaceStream(invitation.workspaceId),
      {
        type: 'AcceptInvitation',
        invitationId,
        userId: user.id,
        email: account.email,
        now: this.runner.now(),
      },
      { actor: { kind: 'user', id: user.id } },
    );
    return workspaceSummary(this.membership, user.id, invitation.workspaceId);
  }
}

export class ChangeWorkspaceRoleCommand extends Command<WorkspaceDetail> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly userId: string,
    readonly role: GivenWorkspaceRole,
  ) {
    super();
  }
}

@CommandHandler(ChangeWorkspaceRoleCommand)
export class ChangeWorkspaceRoleHandler implements ICommandHandler<ChangeWorkspaceRoleCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, workspaceId, userId, role }: ChangeWorkspaceRoleCommand): Promise<WorkspaceDetail> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'ChangeMemberRole',
      by: user.id,
      userId,
      role,
      now: this.runner.now(),
    });
    return workspaceDetail(this.readModels, this.membership, user.id, workspaceId);
  }
}

/** Removes a member, or (the caller's own id) leaves; their own recordings stay theirs. */
export class RemoveWorkspaceMemberCommand extends Command<void> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveWorkspaceMemberCommand)
export class RemoveWorkspaceMemberHandler implements ICommandHandler<RemoveWorkspaceMemberCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, workspaceId, userId }: RemoveWorkspaceMemberCommand): Promise<void> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'RemoveMember',
      by: user.id,
      userId,
      now: this.runner.now(),
    });
  }
}

export const membershipCommandHandlers = [
  InviteToWorkspaceHandler,
  RevokeWorkspaceInvitationHandler,
  AcceptWorkspaceInvitationHandler,
  ChangeWorkspaceRoleHandler,
  RemoveWorkspaceMemberHandler,
];
