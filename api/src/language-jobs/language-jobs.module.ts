import { hostname } from 'node:os';
import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { BlobStore, EventStore, ReadModelStore } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import type { MediaToolkit } from '@scrivo/domain/recordings';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Projections } from '../infrastructure/projection-registry';
import { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, BLOB_STORE, EVENT_STORE, READ_MODELS } from '../infrastructure/tokens';
import { RecordingsModule } from '../recordings/recordings.module';
import { JOB_QUEUE, MEDIA_TOOLKIT } from '../recordings/recordings.tokens';
import { createLanguageJobWorker } from './create-language-job-worker';
import type { JobWorker } from '../jobs/job-worker';
import { languageJobsReactor } from './language-jobs.reactor';
import { autoSummaryReactor } from '../summaries/auto-summary.reactor';
import { ownerPlanLookup } from '../recordings/support/owner-plan';

/**
 * Summary and translation jobs: the reactor that queues (and cancels) them runs beside the projections; the
 * worker runs here only when the API runs a job worker in process (tests, tiny installs), else in worker-main.
 */
@Module({ imports: [RecordingsModule] })
export class LanguageJobsModule implements OnModuleInit, OnApplicationShutdown {
  private worker: JobWorker | null = null;

  constructor(
    private readonly projections: Projections,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  onModuleInit(): void {
    this.projections.registerReactors(
      languageJobsReactor({ jobs: this.jobs, events: this.events, runner: this.background }),
      autoSummaryReactor({
        runner: this.background,
        planOf: ownerPlanLookup(this.readModels),
      }),
    );
    const inProcess =
      this.config.SCRIVO_IN_PROCESS_LANGUAGE_WORKER ??
      this.config.SCRIVO_IN_PROCESS_JOB_WORKER ??
      this.config.NODE_ENV === 'test';
    if (!inProcess) return;
    this.worker = createLanguageJobWorker({
      config: this.config,
      workerId: `api-${hostname()}-${process.pid}`,
      jobs: this.jobs,
      runner: this.background,
      blobs: this.blobs,
      media: this.media,
      logger: this.logger,
    });
    this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.stop();
  }
}
