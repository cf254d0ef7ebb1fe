import { UpcasterRegistry } from '@scrivo/domain';
import { StreamRunner } from './infrastructure/stream-runner';
import { hostname } from 'node:os';
import { FfmpegMediaToolkit } from '@scrivo/adapters/media/ffmpeg-media-toolkit';
import { lowerPriority } from '@scrivo/adapters/system/lower-priority';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { createRootLogger } from './common/logger';
import { removeStaleSpool } from './common/stale-temp';
import { ConfigError, loadConfig } from './config/config';
import { createAdapters } from './infrastructure/adapters.factory';
import { DataDirError } from './infrastructure/data-dir';
import { startJobWorkerHeartbeat } from './infrastructure/job-worker-heartbeat';
import { createJobQueue } from './recordings/job-queue-factory';
import { ownerPlanLookup } from './recordings/support/owner-plan';
import { crashPointsFrom } from './common/crash-points';
import { createMinutesLedger } from './recordings/minutes-ledger';
import { createSpeech } from './recordings/speech-factory';
import { JobWorker } from './jobs/job-worker';
import { transcriptionJobHandler } from './recordings/transcription-job';
import { pieceSettings, transcriptionPieceJobHandler } from './recordings/transcription-pieces';
import { createLanguageJobWorker } from './language-jobs/create-language-job-worker';

/**
 * The job worker: claims transcription jobs from the event store and runs them against the speech engine.
 * Start as many as you like, on any machine that reaches the stores and an engine.
 * No decorators here, so it also runs from source: node --conditions=source --import tsx api/src/worker-main.ts
 */
const main = async () => {
  const config = loadConfig();
  // Batch work: first, so every thread and child (ffmpeg) it starts inherits the level.
  const niceness = lowerPriority(config.SCRIVO_BACKGROUND_NICE, process.pid);
  const logger = createRootLogger(config.LOG_LEVEL);
  const adapters = await createAdapters(config);
  const deps = { events: adapters.events, clock: systemClock, ids: uuidIds };
  const jobs = await createJobQueue(config, deps);
  // The job worker runs no projections: its commands need not wait for the read models.
  const runner = new StreamRunner({
    store: adapters.events,
    clock: systemClock,
    ids: uuidIds,
    upcasters: new UpcasterRegistry(),
  });
  const minutes = createMinutesLedger(runner, uuidIds, adapters.readModels, crashPointsFrom(process.env));
  const workerId = process.env.SCRIVO_WORKER_ID ?? `worker-${hostname()}-${process.pid}`;
  const speech = createSpeech(config);
  const worker = new JobWorker({
    workerId,
    jobs,
    handlers: [
      transcriptionJobHandler({
        workerId,
        jobs,
        runner,
        minutes,
        blobs: adapters.blobs,
        media: new FfmpegMediaToolkit({ niceness: config.SCRIVO_BACKGROUND_NICE }),
        speech,
        speechOutageMaxMs: config.SCRIVO_SPEECH_OUTAGE_MAX_MS,
        logger,
        planOf: ownerPlanLookup(adapters.readModels),
        pieces: pieceSettings(config),
      }),
      transcriptionPieceJobHandler({
        workerId,
        runner,
        blobs: adapters.blobs,
        speech,
        speechOutageMaxMs: config.SCRIVO_SPEECH_OUTAGE_MAX_MS,
        logger,
      }),
    ],
    leaseMs: config.SCRIVO_JOB_LEASE_MS,
    logger,
  });
  // Summaries and translations run in their own slots, so a long summary never holds up a transcription.
  const languageWorker = createLanguageJobWorker({
    config,
    workerId,
    jobs,
    runner,
    blobs: adapters.blobs,
    media: new FfmpegMediaToolkit({ niceness: config.SCRIVO_BACKGROUND_NICE }),
    logger,
  });
  // A job worker killed mid-job left its audio in a spool folder under /tmp.
  const spool = await removeStaleSpool();
  if (spool > 0) logger.info({ spool }, 'spool folders of killed processes removed');
  worker.start();
  languageWorker.start();
  const stopHeartbeat = startJobWorkerHeartbeat(adapters.readModels);
  logger.info({ workerId, niceness }, 'job worker started');
  const stop = (signal: string) => {
    logger.info({ signal }, 'job worker stopping');
    stopHeartbeat();
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void Promise.all([worker.stop(), languageWorker.stop()])
      .then(() => jobs.close())
      .then(() => adapters.events.close())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirError) console.error(error.message);
  else console.error(error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
