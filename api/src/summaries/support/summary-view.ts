import type { Summary } from '@scrivo/contracts';
import type { SummaryContent, SummaryState, SummaryTemplate } from '@scrivo/domain/summaries';

const contentOf = (content: SummaryContent): NonNullable<Summary['content']> => ({
  overview: content.overview,
  keyPoints: [...content.keyPoints],
  decisions: [...content.decisions],
  actionItems: [...content.actionItems],
  chapters: [...content.chapters],
});

const templateOf = (template: SummaryTemplate): Summary['template'] => ({
  id: template.id,
  name: template.name,
  sections: { ...template.sections },
});

/**
 * The time left, from the pace so far: the steps done (parts, then joining them when there are several) took this
 * long since writing started; the whole will take about that pace over all of them. Counted down to `now`.
 */
const secondsLeft = (state: SummaryState, now: string): number => {
  const draft = state.draft;
  if (!draft || state.progress <= 0) return 0;
  const started = Date.parse(draft.startedAt);
  const whole = Math.max(Date.parse(draft.at) - started, 0) / state.progress;
  return Math.max(Math.round((started + whole - Date.parse(now)) / 1000), 0);
};

/** What the API answers about a summary: its state and whether the transcript moved on since it was written. */
export const toSummary = (
  recordingId: string,
  state: SummaryState,
  currentTranscriptVersion: number,
  planAllows: boolean,
  now: string,
  ahead: number | null,
): Summary => ({
  recordingId,
  status: state.status,
  progress: state.progress,
  content: state.content ? contentOf(state.content) : null,
  language: state.language,
  engine: state.engine,
  revision: state.revision,
  transcriptVersion: state.transcriptVersion,
  outOfDate: state.content !== null && currentTranscriptVersion > state.transcriptVersion,
  failure: state.failure,
  updatedAt: state.updatedAt,
  planAllows,
  template: templateOf(state.contentTemplate),
  ahead,
  draft:
    state.status === 'running' && state.draft
      ? {
          content: contentOf(state.draft.content),
          partsDone: state.draft.partsDone,
          partsTotal: state.draft.partsTotal,
          secondsLeft: secondsLeft(state, now),
          template: templateOf(state.template),
        }
      : null,
});
