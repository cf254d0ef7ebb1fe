import type { Actor, EventStore, Reactor, RecordedEvent } from '@scrivo/domain';
import { type JobFailed, type JobQueue, type JobRequested, jobStream } from '@scrivo/domain/jobs';
import { type SummaryEvent, summaryDecider, summaryStream } from '@scrivo/domain/summaries';
import { type TranslationEvent, translationDecider, translationStream } from '@scrivo/domain/translations';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { SUMMARY_JOB } from '../summaries/summary-job';
import { TRANSLATION_JOB } from '../translations/translation-job';

const actor: Actor = { kind: 'system', id: 'language-jobs' };

type Handled =
  | Extract<SummaryEvent, { type: 'SummaryRequested' | 'SummaryCancelled' }>
  | Extract<TranslationEvent, { type: 'TranslationRequested' | 'TranslationCancelled' }>
  | JobFailed;

/**
 * Summary and translation requests become jobs on the queue, under the job id the request chose; cancels cancel
 * them; a job that died without its worker saying why fails its summary or translation. Each step is keyed by
 * the job id and the deciders ignore a failure for a job that is no longer current, so replays change nothing.
 */
export const languageJobsReactor = (deps: {
  readonly jobs: JobQueue;
  readonly events: EventStore;
  readonly runner: StreamRunner;
}): Reactor => ({
  name: 'language-jobs',
  eventTypes: [
    'SummaryRequested',
    'SummaryCancelled',
    'TranslationRequested',
    'TranslationCancelled',
    'JobFailed',
  ],
  async react(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const correlationId = recorded.metadata.correlationId;
    switch (event.type) {
      case 'SummaryRequested':
        await deps.jobs.enqueue(
          {
            jobId: event.data.jobId,
            kind: SUMMARY_JOB,
            subjectId: event.data.recordingId,
            ownerId: event.data.ownerId,
            payload: { recordingId: event.data.recordingId, language: event.data.language },
          },
          { correlationId },
        );
        return;
      case 'TranslationRequested':
        await deps.jobs.enqueue(
          {
            jobId: event.data.jobId,
            kind: TRANSLATION_JOB,
            subjectId: event.data.recordingId,
            ownerId: event.data.ownerId,
            payload: { recordingId: event.data.recordingId, target: event.data.target },
          },
          { correlationId },
        );
        return;
      case 'SummaryCancelled':
      case 'TranslationCancelled':
        await deps.jobs.cancel(event.data.jobId, { correlationId });
        return;
      case 'JobFailed': {
        if (event.data.retryAt !== null) return;
        const [first] = await deps.events.readStream(jobStream(event.data.jobId), { maxCount: 1 });
        if (first?.type !== 'JobRequested') return;
        const job = first.data as JobRequested['data'];
        const context = { actor, correlationId, causationId: recorded.metadata.eventId };
        const now = deps.runner.now();
        if (job.kind === SUMMARY_JOB)
          await deps.runner.run(
            summaryDecider,
            summaryStream(job.subjectId),
            {
              type: 'FailSummary',
              jobId: job.jobId,
              reason: 'The summary could not be written after several attempts. Please try again later.',
              now,
            },
            context,
          );
        else if (job.kind === TRANSLATION_JOB && typeof job.payload['target'] === 'string')
          await deps.runner.run(
            translationDecider,
            translationStream(job.subjectId, job.payload['target']),
            {
              type: 'FailTranslation',
              jobId: job.jobId,
              reason: 'The translation could not be made after several attempts. Please try again later.',
              now,
            },
            context,
          );
        return;
      }
    }
  },
});
