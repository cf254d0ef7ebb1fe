import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WorkspaceDetail, WorkspaceSummary } from '@scrivo/contracts';
import type { Ids, ReadModelStore } from '@scrivo/domain';
import { type WorkspaceCommand, workspaceDecider, workspaceStream } from '@scrivo/domain/workspaces';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { WorkspaceMembership } from '../support/workspace-membership';
import { workspaceDetail, workspaceSummary } from '../support/workspace-view';

/** Runs one command on a workspace's stream as the caller; the decider holds every rule (who may do what). */
export const runOnWorkspace = async (
  runner: StreamRunner,
  membership: WorkspaceMembership,
  user: AuthenticatedUser,
  workspaceId: string,
  command: WorkspaceCommand,
): Promise<void> => {
  // A non-member is told nothing from the read model's view, the same 404 the decider would give; the decider
  // then says what a member's role may do.
  await membership.require(user.id, workspaceId, 'read');
  await runner.run(workspaceDecider, workspaceStream(workspaceId), command, {
    actor: { kind: 'user', id: user.id },
  });
};

export class CreateWorkspaceCommand extends Command<{ id: string; name: string }> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly name: string,
  ) {
    super();
  }
}

@CommandHandler(CreateWorkspaceCommand)
export class CreateWorkspaceHandler implements ICommandHandler<CreateWorkspaceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, name }: CreateWorkspaceCommand): Promise<{ id: string; name: string }> {
    const workspaceId = this.ids.next();
    await this.runner.run(
      workspaceDecider,
      workspaceStream(workspaceId),
      { type: 'CreateWorkspace', workspaceId, name, ownerId: user.id, now: this.runner.now() },
      { actor: { kind: 'user', id: user.id } },
    );
    const created = await workspaceSummary(this.membership, user.id, workspaceId);
    return { id: created.id, name: created.name };
  }
}

export class RenameWorkspaceCommand extends Command<WorkspaceSummary> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly name: string,
  ) {
    super();
  }
}

@CommandHandler(RenameWorkspaceCommand)
export class RenameWorkspaceHandler implements ICommandHandler<RenameWorkspaceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, workspaceId, name }: RenameWorkspaceCommand): Promise<WorkspaceSummary> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'RenameWorkspace',
      by: user.id,
      name,
      now: this.runner.now(),
    });
    return workspaceSummary(this.membership, user.id, workspaceId);
  }
}

export class TransferWorkspaceCommand extends Command<WorkspaceDetail> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly to: string,
  ) {
    super();
  }
}

@CommandHandler(TransferWorkspaceCommand)
export class TransferWorkspaceHandler implements ICommandHandler<TransferWorkspaceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, workspaceId, to }: TransferWorkspaceCommand): Promise<WorkspaceDetail> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'TransferOwnership',
      by: user.id,
      to,
      now: this.runner.now(),
    });
    return workspaceDetail(this.readModels, this.membership, user.id, workspaceId);
  }
}

export class DeleteWorkspaceCommand extends Command<void> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteWorkspaceCommand)
export class DeleteWorkspaceHandler implements ICommandHandler<DeleteWorkspaceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, workspaceId }: DeleteWorkspaceCommand): Promise<void> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'DeleteWorkspace',
      by: user.id,
      now: this.runner.now(),
    });
  }
}

export const workspaceCommandHandlers = [
  CreateWorkspaceHandler,
  RenameWorkspaceHandler,
  TransferWorkspaceHandler,
  DeleteWorkspaceHandler,
];
