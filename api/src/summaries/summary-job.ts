import { type Actor, DomainError, type LanguageModel, LanguageModelRequestError } from '@scrivo/domain';
import type { ClaimedJob } from '@scrivo/domain/jobs';
import {
  recordingDecider,
  recordingStream,
  requireTranscriptLines,
  transcriptDocFrom,
} from '@scrivo/domain/recordings';
import { summaryDecider, summaryStream } from '@scrivo/domain/summaries';
import type { StreamRunner } from '../infrastructure/stream-runner';
import type { JobHandler } from '../jobs/job-handler';
import { stillWantedOnStream } from '../jobs/still-wanted';
import { throttledProgress } from '../language-jobs/throttled-progress';
import { SummaryFormatError } from './model-answer';
import { summarizeTranscript } from './summarizer';
import { summaryParts } from './summary-parts';

export const SUMMARY_JOB = 'summary';

const failureMessage = (error: unknown): string => {
  if (error instanceof SummaryFormatError)
    return 'The summary engine did not answer in the expected form, even on a second try. Please try again.';
  if (error instanceof DomainError && error.code === 'NO_TRANSCRIPT')
    return 'There is no transcript to summarise.';
  return 'The summary could not be written after several attempts (the summary engine is unavailable). Please try again later.';
};

/**
 * Writes a recording's summary: the transcript as it is now (every edit included), in parts, with progress; the
 * result goes to the summary stream only if this job is still the one the owner asked for.
 */
export const summaryJobHandler = (deps: {
  readonly runner: StreamRunner;
  readonly model: LanguageModel;
  readonly workerId: string;
}): JobHandler => {
  const actor: Actor = { kind: 'worker', id: deps.workerId };
  const stream = (job: ClaimedJob) => summaryStream(job.subjectId);
  const run = (job: ClaimedJob, command: Parameters<typeof summaryDecider.decide>[0]) =>
    deps.runner.run(summaryDecider, stream(job), command, { actor, correlationId: job.jobId });
  return {
    kind: SUMMARY_JOB,
    async stillWanted(job) {
      const { state, events } = await deps.runner.load(summaryDecider, stream(job));
      return stillWantedOnStream(
        { jobId: state.jobId, running: state.status === 'running', events },
        job.jobId,
        {
          done: ['SummaryWritten', 'SummaryFailed'],
          cancelled: 'SummaryCancelled',
        },
      );
    },
    isPermanent: (error) =>
      error instanceof SummaryFormatError ||
      error instanceof LanguageModelRequestError ||
      (error instanceof DomainError && error.code === 'NO_TRANSCRIPT'),
    async failed(job, error, final) {
      // Another attempt follows: the last good content stays, and the owner hears of the outcome only then.
      if (!final) return;
      await run(job, {
        type: 'FailSummary',
        jobId: job.jobId,
        reason: failureMessage(error),
        now: deps.runner.now(),
      });
    },
    async run(job, signal) {
      const transcript = requireTranscriptLines(
        transcriptDocFrom((await deps.runner.load(recordingDecider, recordingStream(job.subjectId))).events),
        'summarise',
      );
      const requested = typeof job.payload['language'] === 'string' ? job.payload['language'] : null;
      // The template as it was when the summary was asked for (a later change of it is for later summaries).
      const { template } = await deps.runner.state(summaryDecider, stream(job));
      const startedAt = deps.runner.now();
      // The summarizer's steps: each part, then joining the overviews when there are several.
      const partsTotal = summaryParts(transcript.segments).length;
      const steps = partsTotal + (partsTotal > 1 ? 1 : 0);
      // One draft after another, in order; like progress, a courtesy whose failure never stops the summary.
      let drafts: Promise<unknown> = Promise.resolve();
      const summary = await summarizeTranscript(deps.model, transcript.segments, {
        language: requested ?? transcript.language,
        transcriptLanguage: transcript.language,
        template,
        signal,
        onProgress: throttledProgress((progress) =>
          run(job, { type: 'ProgressSummary', jobId: job.jobId, progress, now: deps.runner.now() }),
        ),
        onPartDone: (draft, progress) => {
          // The last step's draft is the summary itself, which the result brings.
          if (progress >= 1 || signal.aborted) return;
          drafts = drafts
            .then(() =>
              run(job, {
                type: 'RecordSummaryDraft',
                jobId: job.jobId,
                draft: {
                  overview: draft.overview,
                  keyPoints: draft.keyPoints,
                  decisions: draft.decisions,
                  actionItems: draft.actionItems,
                  chapters: draft.chapters,
                },
                partsDone: Math.min(Math.round(progress * steps), partsTotal),
                partsTotal,
                progress,
                startedAt,
                now: deps.runner.now(),
              }),
            )
            .catch(() => undefined);
        },
      });
      await drafts;
      if (signal.aborted) return;
      await run(job, {
        type: 'CompleteSummary',
        jobId: job.jobId,
        content: {
          overview: summary.overview,
          keyPoints: summary.keyPoints,
          decisions: summary.decisions,
          actionItems: summary.actionItems,
          chapters: summary.chapters,
        },
        language: summary.language,
        transcriptVersion: transcript.version ?? 1,
        engine: summary.engine,
        now: deps.runner.now(),
      });
    },
  };
};
