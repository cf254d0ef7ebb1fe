import { type BlobStore, DomainError } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import type { MediaToolkit } from '@scrivo/domain/recordings';
import type { AppConfig } from '../config/config';
import type { StreamRunner } from '../infrastructure/stream-runner';
import type { JobHandler } from '../jobs/job-handler';
import { JobWorker } from '../jobs/job-worker';
import type { WorkerLogger } from '../jobs/worker-logger';
import { createSpeech } from '../recordings/speech-factory';
import { summaryJobHandler } from '../summaries/summary-job';
import { translationJobHandler } from '../translations/translation-job';
import { createLanguageModel, createTranslator } from './language-engines';
import { runWhenLanguageModelAvailable } from './wait-for-language-model';

/** How long a job waits for a stopped or restarting language model before spending an attempt. */
const ENGINE_OUTAGE_MAX_MS = 1_800_000;

/**
 * A job that needs the language model waits while it is down (killed, restarting, loading) instead of spending
 * attempts; and the subject's decider refusing the result of a job that is no longer current (with the queue's
 * own code) drops it rather than failing it.
 */
const waitingForTheModel = (
  handler: JobHandler,
  logger: WorkerLogger,
  engineOutageMaxMs: number,
): JobHandler => ({
  ...handler,
  run: (job, signal) =>
    runWhenLanguageModelAvailable(() => handler.run(job, signal), {
      signal,
      maxWaitMs: engineOutageMaxMs,
      logger,
      context: { jobId: job.jobId, kind: job.kind },
    }),
  isSuperseded: (error) => error instanceof DomainError && error.code === 'JOB_LEASE_LOST',
});

/** The summary and translation worker with the engines the configuration names (the API and worker-main). */
export const createLanguageJobWorker = (deps: {
  readonly config: AppConfig;
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly runner: StreamRunner;
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly logger: WorkerLogger;
}): JobWorker => {
  const model = createLanguageModel(deps.config);
  const handlers: JobHandler[] = [
    translationJobHandler({
      runner: deps.runner,
      translator: createTranslator(deps.config, model),
      speechToEnglish: { blobs: deps.blobs, media: deps.media, speech: createSpeech(deps.config) },
      workerId: deps.workerId,
    }),
  ];
  if (model) handlers.push(summaryJobHandler({ runner: deps.runner, model, workerId: deps.workerId }));
  return new JobWorker({
    // Its own claimer ids: summaries and translations run in their own slots, beside transcription.
    workerId: `${deps.workerId}-lang`,
    jobs: deps.jobs,
    handlers: handlers.map((handler) => waitingForTheModel(handler, deps.logger, ENGINE_OUTAGE_MAX_MS)),
    concurrency: deps.config.SCRIVO_LANGUAGE_JOB_CONCURRENCY,
    leaseMs: deps.config.SCRIVO_JOB_LEASE_MS,
    logger: deps.logger,
  });
};
