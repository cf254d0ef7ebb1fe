import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RetentionPolicy, WorkspaceDetail } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';
import { runOnWorkspace } from '../commands/workspace.commands';
import { WorkspaceMembership } from '../support/workspace-membership';
import { workspaceDetail } from '../support/workspace-view';

export class SetWorkspaceRetentionCommand extends Command<WorkspaceDetail> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
    readonly policy: RetentionPolicy | null,
  ) {
    super();
  }
}

@CommandHandler(SetWorkspaceRetentionCommand)
export class SetWorkspaceRetentionHandler implements ICommandHandler<SetWorkspaceRetentionCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, workspaceId, policy }: SetWorkspaceRetentionCommand): Promise<WorkspaceDetail> {
    await runOnWorkspace(this.runner, this.membership, user, workspaceId, {
      type: 'SetRetention',
      by: user.id,
      policy,
      now: this.runner.now(),
    });
    return workspaceDetail(this.readModels, this.membership, user.id, workspaceId);
  }
}
