import { Inject, Injectable } from '@nestjs/common';
import type { Summary } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import {
  PLAN_LIMITS,
  type PlanId,
  TRANSCRIPTS_COLLECTION,
  type TranscriptDoc,
} from '@scrivo/domain/recordings';
import { summaryDecider, summaryStream } from '@scrivo/domain/summaries';
import { ApiError } from '../../common/api-error';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';
import { LANGUAGE_JOB_KINDS } from '../../language-jobs/language-job-kinds';
import { JOB_QUEUE } from '../../recordings/recordings.tokens';
import { toSummary } from './summary-view';

/** Plan rule and reading of summaries, shared by the commands and the query. */
@Injectable()
export class SummaryAccess {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  /** While the summary waits for the language model: how many summaries and translations go first. */
  private async ahead(jobId: string | null): Promise<number | null> {
    if (!jobId || !this.jobs.ahead) return null;
    return this.jobs.ahead(jobId, LANGUAGE_JOB_KINDS).catch(() => null);
  }

  /** Whether the plan that pays (the caller's, or a workspace recording's uploader's: `Payer`) has summaries. */
  planAllows(payer: { readonly plan: PlanId }): boolean {
    return PLAN_LIMITS[payer.plan].summaries;
  }

  assertPlanAllows(payer: { readonly plan: PlanId; readonly mine?: boolean }): void {
    if (!this.planAllows(payer))
      throw new ApiError(
        402,
        'PLAN_UPGRADE_REQUIRED',
        payer.mine === false
          ? 'This recording’s summaries are paid by the plan of the person who uploaded it, which does not include them.'
          : 'AI summaries are part of the Business Pro plan. Upgrade to summarise your transcripts.',
        { feature: 'summaries', requiredPlan: 'business_pro' },
      );
  }

  /** The transcript's version as the read model has it (the transcript itself is the recording's). */
  async transcriptVersion(recordingId: string): Promise<number> {
    const doc = await this.readModels.collection<TranscriptDoc>(TRANSCRIPTS_COLLECTION).get(recordingId);
    return doc ? (doc.version ?? 1) : 0;
  }

  /** The summary folded from its own stream (a write answers with what it wrote). */
  async view(payer: { readonly plan: PlanId }, recordingId: string): Promise<Summary> {
    const state = await this.runner.state(summaryDecider, summaryStream(recordingId));
    return toSummary(
      recordingId,
      state,
      await this.transcriptVersion(recordingId),
      this.planAllows(payer),
      this.runner.now(),
      state.status === 'running' ? await this.ahead(state.jobId) : null,
    );
  }
}
