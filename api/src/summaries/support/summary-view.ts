import type { Summary } from '@scrivo/contracts';
import type { SummaryState } from '@scrivo/domain/summaries';

/** What the API answers about a summary: its state and whether the transcript moved on since it was written. */
export const toSummary = (
  recordingId: string,
  state: SummaryState,
  currentTranscriptVersion: number,
  planAllows: boolean,
): Summary => ({
  recordingId,
  status: state.status,
  progress: state.progress,
  content: state.content
    ? {
        overview: state.content.overview,
        keyPoints: [...state.content.keyPoints],
        decisions: [...state.content.decisions],
        actionItems: [...state.content.actionItems],
        chapters: [...state.content.chapters],
      }
    : null,
  language: state.language,
  engine: state.engine,
  revision: state.revision,
  transcriptVersion: state.transcriptVersion,
  outOfDate: state.content !== null && currentTranscriptVersion > state.transcriptVersion,
  failure: state.failure,
  updatedAt: state.updatedAt,
  planAllows,
});
