import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Clock, ReadModelStore } from '@scrivo/domain';
import { personalRetentionProjection, workspaceRetentionProjection } from '@scrivo/domain/workspaces';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Projections } from '../../infrastructure/projection-registry';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { ApiKeysModule } from '../../api-keys/api-keys.module';
import { WorkspacesModule } from '../workspaces.module';
import { SetPersonalRetentionHandler, ShowPersonalRetentionHandler } from './personal-retention.commands';
import { SetWorkspaceRetentionHandler } from './retention.commands';
import { RetentionController } from './retention.controller';
import { RetentionTimer } from './retention-timer';

/**
 * Retention (docs/workspaces.md): the routes that set a workspace's policy and a person's for their own space, the
 * policies' read models, and the timer that applies them where the projections run (one process).
 */
@Module({
  imports: [ApiKeysModule, WorkspacesModule],
  controllers: [RetentionController],
  providers: [SetWorkspaceRetentionHandler, SetPersonalRetentionHandler, ShowPersonalRetentionHandler],
})
export class RetentionModule implements OnModuleInit {
  constructor(
    private readonly projections: Projections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
  ) {}

  onModuleInit(): void {
    this.projections.register(workspaceRetentionProjection);
    this.projections.register(personalRetentionProjection);
    this.projections.registerTimers(
      () =>
        new RetentionTimer({
          runner: this.background,
          readModels: this.readModels,
          clock: this.clock,
          logger: this.logger,
          intervalMs: this.config.SCRIVO_RETENTION_INTERVAL_MS,
          graceSeconds: this.config.SCRIVO_RESTORE_GRACE_SECONDS,
          shredErased: async (position) => {
            await this.projections.waitFor(position, 60_000);
            await this.readModels.shredDeleted();
          },
        }),
    );
  }
}
