import { Module, type OnModuleInit } from '@nestjs/common';
import { workspacesProjection } from '@scrivo/domain/workspaces';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { Projections } from '../infrastructure/projection-registry';
import { membershipCommandHandlers } from './commands/membership.commands';
import { workspaceCommandHandlers } from './commands/workspace.commands';
import { workspaceQueryHandlers } from './queries/workspace.queries';
import { WorkspaceMembership } from './support/workspace-membership';
import { WorkspacesController } from './workspaces.controller';

registerErrorStatus('WORKSPACE_INVITATION_EXISTS', 409);

/** Workspaces people share (issue 43): their routes, read models, and the per-request role look-up recordings use. */
@Module({
  imports: [ApiKeysModule],
  controllers: [WorkspacesController],
  providers: [
    WorkspaceMembership,
    ...workspaceCommandHandlers,
    ...membershipCommandHandlers,
    ...workspaceQueryHandlers,
  ],
  exports: [WorkspaceMembership],
})
export class WorkspacesModule implements OnModuleInit {
  constructor(private readonly projections: Projections) {}

  onModuleInit(): void {
    this.projections.register(workspacesProjection);
  }
}
