import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { BlobStore, EventStore, KeyStore, ReadModelStore } from '@scrivo/domain';
import { EmailStreamNames, type Mailer } from '@scrivo/domain/accounts';
import type { JobQueue } from '@scrivo/domain/jobs';
import { dataExportsProjection } from '@scrivo/domain/privacy';
import { hostname } from 'node:os';
import { MAILER } from '../accounts/tokens';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { JOB_QUEUE } from '../recordings/recordings.tokens';
import { RecordingsModule } from '../recordings/recordings.module';
import { DataExportController } from './data-export/data-export.controller';
import { dataExportJobsReactor } from './data-export/data-export.reactor';
import { JobWorker } from '../jobs/job-worker';
import { dataExportJobHandler } from './data-export/data-export.job';
import { dataExportQueryHandlers } from './data-export/data-export.queries';
import { RequestDataExportHandler } from './data-export/request-data-export.command';
import { AccountsModule } from '../accounts/accounts.module';
import { AccountSessions } from '../accounts/support/sessions';
import { AuthRateLimiter } from '../accounts/support/rate-limit';
import { registerErrorStatus } from '../common/api-error';
import { SessionStore } from '../common/auth/session-store';
import { Projections } from '../infrastructure/projection-registry';
import type { StreamRunner } from '../infrastructure/stream-runner';
import {
  BACKGROUND_STREAM_RUNNER,
  BLOB_STORE,
  EVENT_STORE,
  KEY_STORE,
  READ_MODELS,
} from '../infrastructure/tokens';
import { PeriodicWork } from '../infrastructure/periodic-work';
import { accountErasureReactor } from './account-erasure.reactor';
import { sweepExpiredExports } from './data-export/expired-exports-sweep';
import { DeleteAccountHandler, SendDeletionCodeHandler } from './delete-account.command';
import { ErasedAccounts } from './erased-accounts';
import { PrivacyController } from './privacy.controller';

registerErrorStatus('SUBSCRIPTION_ACTIVE', 409);
registerErrorStatus('EXPORT_IN_PROGRESS', 409);
registerErrorStatus('EXPORT_EXPIRED', 410);

/** A person's own data: downloading it, erasing the account (docs/security.md, "Your data"). */
@Module({
  imports: [AccountsModule, RecordingsModule],
  controllers: [PrivacyController, DataExportController],
  providers: [
    DeleteAccountHandler,
    SendDeletionCodeHandler,
    RequestDataExportHandler,
    ...dataExportQueryHandlers,
    AccountSessions,
    AuthRateLimiter,
    ErasedAccounts,
  ],
})
export class PrivacyModule implements OnModuleInit, OnModuleDestroy {
  private worker: JobWorker | null = null;
  private expirySweep: PeriodicWork | null = null;

  constructor(
    private readonly projections: Projections,
    private readonly sessions: SessionStore,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
    private readonly emails: EmailStreamNames,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.expirySweep?.stop();
    await this.worker?.stop();
  }

  onModuleInit(): void {
    this.projections.register(dataExportsProjection);
    this.projections.registerReactors(dataExportJobsReactor({ jobs: this.jobs }));
    // Archives are built where the reactors run (one process); a job left by a crash is claimed again there.
    if (this.projections.runsHere) {
      const workerId = `exports-${hostname()}-${process.pid}`;
      this.worker = new JobWorker({
        workerId,
        jobs: this.jobs,
        handlers: [
          dataExportJobHandler({
            workerId,
            jobs: this.jobs,
            runner: this.background,
            readModels: this.readModels,
            events: this.events,
            blobs: this.blobs,
            mailer: this.mailer,
            publicUrl: this.config.SCRIVO_PUBLIC_URL,
            logger: this.logger,
          }),
        ],
        leaseMs: this.config.SCRIVO_JOB_LEASE_MS,
        logger: this.logger,
      });
      this.worker.start();
      this.expirySweep = new PeriodicWork({
        intervalMs: this.config.SCRIVO_EXPORT_EXPIRY_INTERVAL_MS,
        run: async () => {
          const deps = { readModels: this.readModels, blobs: this.blobs, runner: this.background };
          await sweepExpiredExports(deps, new Date());
        },
        onError: (error) => this.logger.error({ err: error }, 'expired data exports could not be deleted'),
      });
      this.expirySweep.start();
    }
    // Reactions write through the background runner: they must not wait for the reactors (themselves).
    this.projections.registerReactors(
      accountErasureReactor({
        runner: this.background,
        sessions: this.sessions,
        readModels: this.readModels,
        blobs: this.blobs,
        keys: this.keys,
        emails: this.emails,
        readModelsInclude: (position) => this.projections.readModelsInclude(position),
        mailer: this.mailer,
      }),
    );
  }
}
