import { hostname } from 'node:os';
import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { FfmpegMediaToolkit } from '@scrivo/adapters/media/ffmpeg-media-toolkit';
import type { BlobStore, Clock, EventStore, Ids, ReadModelStore } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import {
  type MediaToolkit,
  mediaPurgeDueProjection,
  recordingsProjection,
  annotationsProjection,
  unconfirmedReservationsProjection,
} from '@scrivo/domain/recordings';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { registerErrorStatus } from '../common/api-error';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { StreamRunner } from '../infrastructure/stream-runner';
import { Projections } from '../infrastructure/projection-registry';
import {
  BACKGROUND_STREAM_RUNNER,
  BLOB_STORE,
  CLOCK,
  EVENT_STORE,
  IDS,
  READ_MODELS,
} from '../infrastructure/tokens';
import { BulkExportController } from './bulk-export.controller';
import { TranscriptExporter } from './exports/transcript-export';
import { MediaController } from './media.controller';
import { BACKGROUND_MINUTES_LEDGER, createMinutesLedger, MinutesLedger } from './minutes-ledger';
import { CRASH_POINTS } from '../common/crash-points';
import { RecordingEventsController } from './recording-events.controller';
import { RecordingFeed } from './recording-feed';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { createJobQueue } from './job-queue-factory';
import type { RecordingsConfig } from './recordings-config';
import { RecordingsController } from './recordings.controller';
import { RecordingCommandRoutes } from './commands/recording-command-routes';
import { EditTranscriptHandler, RestructureTranscriptHandler } from './commands/edit-transcript.command';
import { annotationHandlers } from './commands/annotations.command';
import { lifecycleCommandHandlers } from './commands/recording-lifecycle.commands';
import { uploadCommandHandlers } from './commands/upload.commands';
import { recordingQueryHandlers } from './queries/recording.queries';
import { JOB_QUEUE, MEDIA_TOOLKIT, RECORDINGS_CONFIG, TUS_STORAGE } from './recordings.tokens';
import { ownerPlanLookup } from './support/owner-plan';
import { RecordingAccess } from './support/recording-access';
import { createTusStorage } from './support/tus-storage.factory';
import { createSpeech } from './speech-factory';
import { MediaPurgeTimer, recordingReactors } from './reactors';
import { JobWorker } from '../jobs/job-worker';
import { transcriptionJobHandler } from './transcription-job';
import { pieceSettings, transcriptionPieceJobHandler } from './transcription-pieces';
import { TusController, TusUploads } from './tus-uploads';
import { UploadRecovery } from './upload-recovery';

registerErrorStatus('QUOTA_EXCEEDED', 402);
registerErrorStatus('RECORDING_STATE_CONFLICT', 409);
registerErrorStatus('RESTORE_EXPIRED', 409);
registerErrorStatus('JOB_LEASE_LOST', 409);
registerErrorStatus('TRANSCRIPT_VERSION_CONFLICT', 409);
registerErrorStatus('NOTHING_TO_UNDO', 409);
// A plan feature the caller's plan does not have: Payment Required, like running out of minutes.
registerErrorStatus('PLAN_UPGRADE_REQUIRED', 402);

@Module({
  imports: [ApiKeysModule, WorkspacesModule],
  // The SSE route comes first so "events" is not taken for a recording id.
  controllers: [
    RecordingEventsController,
    MediaController,
    BulkExportController,
    TusController,
    RecordingsController,
    RecordingCommandRoutes,
  ],
  providers: [
    { provide: RECORDINGS_CONFIG, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config },
    {
      provide: MEDIA_TOOLKIT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new FfmpegMediaToolkit({ niceness: config.SCRIVO_BACKGROUND_NICE }),
    },
    {
      provide: JOB_QUEUE,
      inject: [EVENT_STORE, CLOCK, IDS, RECORDINGS_CONFIG],
      useFactory: (events: EventStore, clock: Clock, ids: Ids, config: RecordingsConfig) =>
        createJobQueue(config, { events, clock, ids }),
    },
    // One ledger per runner, both from the one factory (worker-main.ts uses it too): requests wait for the
    // read models, reactions must not (they may be keeping them).
    {
      provide: MinutesLedger,
      inject: [StreamRunner, IDS, READ_MODELS, CRASH_POINTS],
      useFactory: createMinutesLedger,
    },
    {
      provide: BACKGROUND_MINUTES_LEDGER,
      inject: [BACKGROUND_STREAM_RUNNER, IDS, READ_MODELS, CRASH_POINTS],
      useFactory: createMinutesLedger,
    },
    RecordingAccess,
    TranscriptExporter,
    ...uploadCommandHandlers,
    ...lifecycleCommandHandlers,
    EditTranscriptHandler,
    RestructureTranscriptHandler,
    ...annotationHandlers,
    ...recordingQueryHandlers,
    RecordingFeed,
    { provide: TUS_STORAGE, inject: [APP_CONFIG], useFactory: createTusStorage },
    TusUploads,
    UploadRecovery,
  ],
  exports: [RecordingAccess, MinutesLedger, BACKGROUND_MINUTES_LEDGER, JOB_QUEUE, MEDIA_TOOLKIT],
})
export class RecordingsModule implements OnModuleInit, OnApplicationShutdown {
  private worker: JobWorker | null = null;

  constructor(
    private readonly projections: Projections,
    @Inject(RECORDINGS_CONFIG) private readonly config: RecordingsConfig,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    private readonly runner: StreamRunner,
    private readonly minutes: MinutesLedger,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(BACKGROUND_MINUTES_LEDGER) private readonly backgroundMinutes: MinutesLedger,
  ) {}

  onModuleInit(): void {
    this.projections.register(
      recordingsProjection,
      annotationsProjection,
      unconfirmedReservationsProjection,
      mediaPurgeDueProjection,
    );
    // Reactions must not wait for the read models (and so for themselves): they write through their own runner.
    this.projections.registerReactors(
      ...recordingReactors({
        runner: this.background,
        minutes: this.backgroundMinutes,
        jobs: this.jobs,
        events: this.events,
        blobs: this.blobs,
        planOf: ownerPlanLookup(this.readModels),
      }),
    );
    this.projections.registerTimers(
      () =>
        new MediaPurgeTimer({
          runner: this.background,
          readModels: this.readModels,
          clock: this.clock,
          logger: this.logger,
          intervalMs: this.config.SCRIVO_MEDIA_PURGE_INTERVAL_MS,
        }),
    );
    // A job worker inside the API process (tests, tiny installs); production runs api/dist/worker-main.js.
    const inProcess = this.config.SCRIVO_IN_PROCESS_JOB_WORKER ?? this.appConfig.NODE_ENV === 'test';
    if (inProcess) {
      const workerId = `api-${hostname()}-${process.pid}`;
      const speech = createSpeech(this.config);
      this.worker = new JobWorker({
        workerId,
        jobs: this.jobs,
        handlers: [
          transcriptionJobHandler({
            workerId,
            jobs: this.jobs,
            runner: this.runner,
            minutes: this.minutes,
            blobs: this.blobs,
            media: this.media,
            speech,
            speechOutageMaxMs: this.config.SCRIVO_SPEECH_OUTAGE_MAX_MS,
            logger: this.logger,
            planOf: ownerPlanLookup(this.readModels),
            pieces: pieceSettings(this.config),
          }),
          transcriptionPieceJobHandler({
            workerId,
            runner: this.runner,
            blobs: this.blobs,
            speech,
            speechOutageMaxMs: this.config.SCRIVO_SPEECH_OUTAGE_MAX_MS,
            logger: this.logger,
          }),
        ],
        leaseMs: this.config.SCRIVO_JOB_LEASE_MS,
        logger: this.logger,
      });
      this.worker.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.stop();
    await this.jobs.close();
  }
}
