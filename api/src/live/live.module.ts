import type { Server } from 'node:http';
import {
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FfmpegMediaToolkit } from '@scrivo/adapters/media/ffmpeg-media-toolkit';
import type { BlobStore, Clock, Ids, ReadModelStore } from '@scrivo/domain';
import { liveSessionDecider, liveSessionStream, openLiveSessionsProjection } from '@scrivo/domain/live';
import { registerErrorStatus } from '../common/api-error';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { UserResolver } from '../common/auth/guards';
import { APP_CONFIG, type AppConfig, ownOrigins } from '../config/config';
import { Projections } from '../infrastructure/projection-registry';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, BLOB_STORE, CLOCK, IDS, READ_MODELS } from '../infrastructure/tokens';
import { BACKGROUND_MINUTES_LEDGER, type MinutesLedger } from '../recordings/minutes-ledger';
import { RecordingsModule } from '../recordings/recordings.module';
import { speechUrl } from '../recordings/recordings-config';
import { createSpeech } from '../recordings/speech-factory';
import { ownerPlanLookup } from '../recordings/support/owner-plan';
import { RecordingAccess } from '../recordings/support/recording-access';
import { AbandonedLiveSessions } from './abandoned-sessions';
import { LivePresence } from './live-presence';
import { LiveRecognition, type OpenLiveRecognition } from './live-recognition';
import { liveRecordingsReactor } from './live-recordings.reactor';
import { LiveSocketServer } from './live-socket';
import { SegmentedRecognition } from './segmented-recognition';
import { FINALIZE_WAIT_MS } from './finalize-wait';

registerErrorStatus('LIVE_SESSION_NOT_FOUND', 404);
registerErrorStatus('LIVE_SESSION_STOPPED', 409);
registerErrorStatus('LIVE_SESSION_STATE_CONFLICT', 409);

/** How often presence is renewed and abandoned sessions are swept: a few times per timeout, at most each minute. */
const beatFor = (abandonedAfterMs: number): number =>
  Math.max(50, Math.min(60_000, Math.floor(abandonedAfterMs / 3)));

/**
 * Live recording: the WebSocket on the API's HTTP server (see live-socket.ts) and the reactor that turns a
 * stopped session into a recording. Sessions write through the background runner: a frame batch never waits for
 * read models (no answer on the socket reads them), and the stop does not wait for the encoding.
 */
@Module({ imports: [RecordingsModule] })
export class LiveModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private socketServer: LiveSocketServer | null = null;
  private readonly presence: LivePresence;
  private abandoned: AbandonedLiveSessions | null = null;

  constructor(
    private readonly projections: Projections,
    private readonly adapterHost: HttpAdapterHost,
    private readonly users: UserResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly runner: StreamRunner,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(BACKGROUND_MINUTES_LEDGER) private readonly minutes: MinutesLedger,
    private readonly access: RecordingAccess,
  ) {
    this.presence = new LivePresence({
      readModels,
      clock,
      renewMs: beatFor(config.SCRIVO_LIVE_ABANDONED_AFTER_MS),
      onError: (sessionId, error) =>
        logger.warn({ err: error, sessionId }, 'live session presence not written; renewed at the next beat'),
    });
  }

  onModuleInit(): void {
    this.projections.register(openLiveSessionsProjection);
    // The sweep reads the open sessions the projections keep: it runs beside them, in one process.
    if (this.projections.runsHere)
      this.abandoned = new AbandonedLiveSessions({
        runner: this.runner,
        readModels: this.readModels,
        clock: this.clock,
        afterMs: this.config.SCRIVO_LIVE_ABANDONED_AFTER_MS,
        intervalMs: beatFor(this.config.SCRIVO_LIVE_ABANDONED_AFTER_MS),
        logger: this.logger,
      });
    this.projections.registerReactors(
      liveRecordingsReactor({
        runner: this.runner,
        minutes: this.minutes,
        blobs: this.blobs,
        media: new FfmpegMediaToolkit({ niceness: this.config.SCRIVO_BACKGROUND_NICE }),
        planOf: ownerPlanLookup(this.readModels),
      }),
    );
  }

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    this.socketServer = new LiveSocketServer({
      origins: ownOrigins(this.config),
      users: this.users,
      connection: {
        runner: this.runner,
        minutes: this.minutes,
        blobs: this.blobs,
        newId: () => this.ids.next(),
        openRecognition: this.openRecognition(),
        finalized: (sessionId) => this.finalized(sessionId),
        presence: this.presence,
        mayRecordInto: (user, workspaceId) => this.access.mayUploadInto(user, workspaceId),
      },
    });
    this.socketServer.attach(server);
    // Before the projections have caught up it finds fewer sessions, never one that is still in use.
    this.abandoned?.start();
  }

  /**
   * The worker streams partial and final text; the Hugging Face engine only takes whole files, so its live text
   * comes a voiced segment at a time.
   */
  private openRecognition(): OpenLiveRecognition {
    const config = this.config;
    if (config.SCRIVO_SPEECH_ENGINE === 'huggingface') {
      const speech = createSpeech(config);
      return (language, onEvent, onFailure) =>
        new SegmentedRecognition(speech, { language }, onEvent, onFailure);
    }
    const worker = { baseUrl: speechUrl(config), token: config.SCRIVO_SPEECH_TOKEN };
    return (language, onEvent, onFailure) => new LiveRecognition({ ...worker, language }, onEvent, onFailure);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.abandoned?.stop();
    this.presence.close();
    this.socketServer?.close();
  }

  /** The recording a stopped session became, once the live-recordings reactor is done (null: not in time). */
  private async finalized(sessionId: string): Promise<string | null> {
    const deadline = Date.now() + FINALIZE_WAIT_MS;
    while (Date.now() < deadline) {
      const { state } = await this.runner.load(liveSessionDecider, liveSessionStream(sessionId));
      if (state.recordingId) return state.recordingId;
      if (state.totalBytes === 0) return null;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  }
}
