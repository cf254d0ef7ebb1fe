import { hostname } from 'node:os';
import { FfmpegMediaToolkit } from '@scrivo/adapters/media/ffmpeg-media-toolkit';
import { EventStoreJobQueue } from '@scrivo/adapters/jobs/event-store-job-queue';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { createRootLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/config';
import { createAdapters } from './infrastructure/adapters.factory';
import { RecordingCommands } from './recordings/recording-commands';
import { loadRecordingsConfig } from './recordings/recordings-config';
import { createSpeech } from './recordings/speech-factory';
import { TranscriptionWorker } from './recordings/transcription-worker';

/**
 * The job worker: claims transcription jobs from the event store and runs them against the speech engine.
 * Start as many as you like, on any machine that reaches the stores and a speech engine.
 */
const main = async () => {
  const config = loadConfig();
  const recordings = loadRecordingsConfig();
  const logger = createRootLogger(config.LOG_LEVEL);
  const adapters = await createAdapters(config);
  const jobs = new EventStoreJobQueue({
    events: adapters.events,
    clock: systemClock,
    ids: uuidIds,
    leaseMs: recordings.SCRIVO_JOB_LEASE_MS,
  });
  const workerId = process.env.SCRIVO_WORKER_ID ?? `worker-${hostname()}-${process.pid}`;
  const worker = new TranscriptionWorker({
    workerId,
    jobs,
    commands: new RecordingCommands({ events: adapters.events, clock: systemClock, ids: uuidIds, jobs }),
    blobs: adapters.blobs,
    media: new FfmpegMediaToolkit(),
    speech: createSpeech(recordings),
    leaseMs: recordings.SCRIVO_JOB_LEASE_MS,
    logger,
  });
  worker.start();
  logger.info({ workerId }, 'job worker started');
  const stop = (signal: string) => {
    logger.info({ signal }, 'job worker stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void worker
      .stop()
      .then(() => jobs.close())
      .then(() => adapters.events.close())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
