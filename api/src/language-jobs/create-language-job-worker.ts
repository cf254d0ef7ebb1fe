import type { BlobStore } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import type { MediaToolkit } from '@scrivo/domain/recordings';
import type { AppConfig } from '../config/config';
import type { StreamRunner } from '../infrastructure/stream-runner';
import type { RecordingCommands } from '../recordings/recording-commands';
import { createSpeech } from '../recordings/speech-factory';
import type { WorkerLogger } from '../recordings/transcription-worker';
import { summaryJobHandler } from '../summaries/summary-job';
import { translationJobHandler } from '../translations/translation-job';
import { createLanguageModel, createTranslator } from './language-engines';
import { type LanguageJobHandler, LanguageJobWorker } from './language-job-worker';

/** The summary and translation worker with the engines the configuration names (the API and worker-main). */
export const createLanguageJobWorker = (deps: {
  readonly config: AppConfig;
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly runner: StreamRunner;
  readonly recordings: RecordingCommands;
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly logger: WorkerLogger;
}): LanguageJobWorker => {
  const model = createLanguageModel(deps.config);
  const handlers: LanguageJobHandler[] = [
    translationJobHandler({
      runner: deps.runner,
      recordings: deps.recordings,
      translator: createTranslator(deps.config, model),
      speechToEnglish: { blobs: deps.blobs, media: deps.media, speech: createSpeech(deps.config) },
      workerId: deps.workerId,
    }),
  ];
  if (model)
    handlers.push(
      summaryJobHandler({ runner: deps.runner, recordings: deps.recordings, model, workerId: deps.workerId }),
    );
  return new LanguageJobWorker({
    workerId: deps.workerId,
    jobs: deps.jobs,
    handlers,
    concurrency: deps.config.SCRIVO_LANGUAGE_JOB_CONCURRENCY,
    leaseMs: deps.config.SCRIVO_JOB_LEASE_MS,
    logger: deps.logger,
  });
};
