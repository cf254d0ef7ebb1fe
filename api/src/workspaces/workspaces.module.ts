import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { KeyStore, ReadModelStore } from '@scrivo/domain';
import type { Mailer } from '@scrivo/domain/accounts';
import { workspacesProjection } from '@scrivo/domain/workspaces';
import { AccountsModule } from '../accounts/accounts.module';
import { MAILER } from '../accounts/tokens';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Projections } from '../infrastructure/projection-registry';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, KEY_STORE, READ_MODELS } from '../infrastructure/tokens';
import { invitationEmailsReactor } from './invitation-emails.reactor';
import { workspaceKeyErasureReactor } from './workspace-key-erasure.reactor';
import { membershipCommandHandlers } from './commands/membership.commands';
import { workspaceCommandHandlers } from './commands/workspace.commands';
import { workspaceQueryHandlers } from './queries/workspace.queries';
import { WorkspaceMembership } from './support/workspace-membership';
import { WorkspacesController } from './workspaces.controller';
import { AdminWorkspacesController } from './admin-workspaces.controller';
import { ListAllWorkspacesHandler } from './queries/admin-workspaces.query';

registerErrorStatus('WORKSPACE_INVITATION_EXISTS', 409);

/** Workspaces people share (issue 43): their routes, read models, and the per-request role look-up recordings use. */
@Module({
  imports: [ApiKeysModule, AccountsModule],
  controllers: [WorkspacesController, AdminWorkspacesController],
  providers: [
    WorkspaceMembership,
    ...workspaceCommandHandlers,
    ...membershipCommandHandlers,
    ...workspaceQueryHandlers,
    ListAllWorkspacesHandler,
  ],
  exports: [WorkspaceMembership],
})
export class WorkspacesModule implements OnModuleInit {
  constructor(
    private readonly projections: Projections,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  onModuleInit(): void {
    this.projections.register(workspacesProjection);
    this.projections.registerReactors(
      invitationEmailsReactor({
        runner: this.background,
        mailer: this.mailer,
        readModels: this.readModels,
        signInUrl: `${this.config.SCRIVO_PUBLIC_URL}/auth`,
        logger: this.logger,
      }),
      workspaceKeyErasureReactor({ keys: this.keys }),
    );
  }
}
