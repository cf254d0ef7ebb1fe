import {
  summaryDecider,
  type SummaryContent,
  type SummaryState,
  summaryStream,
} from '@scrivo/domain/summaries';
import { StreamRunner } from '../../../src/infrastructure/stream-runner';
import type { TestApp } from '../../support/test-app';

/** The summary as its stream has it now: the template asked for, the job writing it. */
export const summaryState = (app: TestApp, recordingId: string): Promise<SummaryState> =>
  app.scrivo.app.get(StreamRunner).state(summaryDecider, summaryStream(recordingId));

/**
 * What the summary job writes once the model has answered, for specs about what happens to a summary rather than
 * what a model writes: the running job completes with `content`.
 */
export const writtenAsTheJobWould = async (app: TestApp, recordingId: string, content: SummaryContent) => {
  const runner = app.scrivo.app.get(StreamRunner);
  const { jobId } = await summaryState(app, recordingId);
  if (!jobId) throw new Error('No summary was asked for.');
  await runner.run(
    summaryDecider,
    summaryStream(recordingId),
    {
      type: 'CompleteSummary',
      jobId,
      content,
      language: 'en',
      transcriptVersion: 1,
      engine: 'test',
      now: runner.now(),
    },
    { actor: { kind: 'worker', id: 'test-worker' } },
  );
};
