import { requireFinishedTranscript } from '../recordings/finished-transcript';
import type { RecordingStatus } from '../recordings/recording';
import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { SummaryEvent } from './events';
import type { SummaryContent } from './summary';
import { cleanSummaryContent } from './summary-content';
import { MEETING_TEMPLATE, type SummaryTemplate } from './templates/summary-template';

export type SummaryStatus = 'none' | 'running' | 'ready' | 'failed' | 'cancelled';

export interface SummaryState {
  readonly recordingId: string;
  readonly ownerId: string;
  readonly status: SummaryStatus;
  /** The job writing (or that last wrote) the summary. */
  readonly jobId: string | null;
  readonly progress: number;
  /** The last summary written or edited; kept while a new one is written, so the page never goes blank. */
  readonly content: SummaryContent | null;
  readonly language: string | null;
  readonly engine: string | null;
  /** The transcript version the content was written from. */
  readonly transcriptVersion: number;
  /** Goes up with every write and edit: an edit from an older revision is a conflict. */
  readonly revision: number;
  readonly failure: string | null;
  readonly updatedAt: string | null;
  /** While a summary is written: the parts done so far, merged; null otherwise. */
  readonly draft: SummaryDraft | null;
  /** The template of the summary asked for last (the one being written, while running). */
  readonly template: SummaryTemplate;
  /** The template the content shown was written with. */
  readonly contentTemplate: SummaryTemplate;
}

export interface SummaryDraft {
  readonly content: SummaryContent;
  readonly partsDone: number;
  readonly partsTotal: number;
  readonly startedAt: string;
  readonly at: string;
}

export type SummaryCommand =
  | {
      type: 'RequestSummary';
      recordingId: string;
      /** The recording's status as the request found it. */
      recordingStatus: RecordingStatus;
      ownerId: string;
      jobId: string;
      language: string;
      transcriptVersion: number;
      /** The template asked for, as the account's templates hold it; undefined when it has none of that id. */
      template: SummaryTemplate | undefined;
      templateId: string;
      now: string;
    }
  | { type: 'ProgressSummary'; jobId: string; progress: number; now: string }
  | {
      type: 'RecordSummaryDraft';
      jobId: string;
      draft: SummaryContent;
      partsDone: number;
      partsTotal: number;
      progress: number;
      startedAt: string;
      now: string;
    }
  | {
      type: 'CompleteSummary';
      jobId: string;
      content: SummaryContent;
      language: string;
      transcriptVersion: number;
      engine: string;
      now: string;
    }
  | { type: 'FailSummary'; jobId: string; reason: string; now: string }
  | { type: 'CancelSummary'; now: string }
  | { type: 'EditSummary'; content: SummaryContent; expectedRevision: number; now: string };

/** Languages are ISO 639-1 codes ("en", "pt"). */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

const initialState = (): SummaryState => ({
  recordingId: '',
  ownerId: '',
  status: 'none',
  jobId: null,
  progress: 0,
  content: null,
  language: null,
  engine: null,
  transcriptVersion: 0,
  revision: 0,
  failure: null,
  updatedAt: null,
  draft: null,
  template: MEETING_TEMPLATE,
  contentTemplate: MEETING_TEMPLATE,
});

/** A section the template leaves out stays empty, whatever the model wrote there. */
const keptBy = (template: SummaryTemplate, content: SummaryContent): SummaryContent => ({
  overview: content.overview,
  keyPoints: template.sections.keyPoints === null ? [] : content.keyPoints,
  decisions: template.sections.decisions === null ? [] : content.decisions,
  actionItems: template.sections.actionItems === null ? [] : content.actionItems,
  chapters: template.sections.chapters === null ? [] : content.chapters,
});

const conflict = (message: string) => new DomainError('SUMMARY_STATE_CONFLICT', message);
/** A worker whose job was cancelled or replaced must drop its result: the same code the job queue uses. */
const notCurrentJob = () =>
  new DomainError('JOB_LEASE_LOST', 'This summary job was cancelled or replaced by a newer request.');

/**
 * One recording's summary: requested (a job writes it in parts, with progress), written, edited by its owner,
 * regenerated after the transcript changed. Only the current job may report on it.
 */
export const summaryDecider: Decider<SummaryCommand, SummaryEvent, SummaryState> = {
  initialState,
  decide(command, state) {
    if (command.type === 'RequestSummary') {
      requireFinishedTranscript(command.recordingStatus, 'summarised');
      if (state.status === 'running')
        throw conflict('A summary is already being written for this recording. Cancel it or wait for it.');
      if (!LANGUAGE_CODE.test(command.language))
        throw new DomainError('VALIDATION_FAILED', 'The language must be a two-letter code such as "en".');
      if (!command.template)
        throw new DomainError(
          'VALIDATION_FAILED',
          `There is no summary template "${command.templateId}": GET /api/summaries/templates lists them.`,
        );
      return [
        {
          type: 'SummaryRequested',
          data: {
            recordingId: command.recordingId,
            ownerId: command.ownerId,
            jobId: command.jobId,
            language: command.language,
            transcriptVersion: command.transcriptVersion,
            template: command.template,
            requestedAt: command.now,
          },
        },
      ];
    }
    if (state.status === 'none') throw new NotFoundError('Summary', state.recordingId);
    const recordingId = state.recordingId;
    switch (command.type) {
      case 'ProgressSummary': {
        if (state.status !== 'running' || command.jobId !== state.jobId) return [];
        const progress = Math.min(Math.max(command.progress, 0), 1);
        if (progress <= state.progress) return [];
        return [
          {
            type: 'SummaryProgressed',
            data: { recordingId, jobId: command.jobId, progress, at: command.now },
          },
        ];
      }
      case 'RecordSummaryDraft': {
        // A late report of a replaced job, or one older than the draft shown: nothing to show.
        if (state.status !== 'running' || command.jobId !== state.jobId) return [];
        if (command.partsDone <= (state.draft?.partsDone ?? 0)) return [];
        const partsTotal = Math.max(Math.floor(command.partsTotal), 1);
        const partsDone = Math.min(Math.floor(command.partsDone), partsTotal);
        return [
          {
            type: 'SummaryDraftUpdated',
            data: {
              recordingId,
              jobId: command.jobId,
              draft: cleanSummaryContent(keptBy(state.template, command.draft)),
              partsDone,
              partsTotal,
              progress: Math.max(Math.min(Math.max(command.progress, 0), 1), state.progress),
              startedAt: command.startedAt,
              at: command.now,
            },
          },
        ];
      }
      case 'CompleteSummary':
        if (state.status !== 'running' || command.jobId !== state.jobId) throw notCurrentJob();
        return [
          {
            type: 'SummaryWritten',
            data: {
              recordingId,
              jobId: command.jobId,
              content: cleanSummaryContent(keptBy(state.template, command.content)),
              language: command.language,
              transcriptVersion: command.transcriptVersion,
              engine: command.engine,
              writtenAt: command.now,
            },
          },
        ];
      case 'FailSummary':
        if (state.status !== 'running' || command.jobId !== state.jobId) return [];
        return [
          {
            type: 'SummaryFailed',
            data: { recordingId, jobId: command.jobId, reason: command.reason, at: command.now },
          },
        ];
      case 'CancelSummary':
        // Nothing running: nothing to cancel (a second click, or the job finished meanwhile).
        if (state.status !== 'running' || state.jobId === null) return [];
        return [{ type: 'SummaryCancelled', data: { recordingId, jobId: state.jobId, at: command.now } }];
      case 'EditSummary':
        if (state.content === null) throw conflict('There is no summary to edit yet.');
        if (state.status === 'running')
          throw conflict('A new summary is being written; edit it once it is ready, or cancel it.');
        if (command.expectedRevision !== state.revision)
          throw new DomainError(
            'SUMMARY_VERSION_CONFLICT',
            'This summary was changed elsewhere (another tab or device) since you opened it. Reload to get the latest version.',
            { currentRevision: state.revision },
          );
        return [
          {
            type: 'SummaryEdited',
            data: {
              recordingId,
              content: cleanSummaryContent(command.content),
              revision: state.revision + 1,
              editedAt: command.now,
            },
          },
        ];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SummaryRequested':
        return {
          ...state,
          recordingId: event.data.recordingId,
          ownerId: event.data.ownerId,
          status: 'running',
          jobId: event.data.jobId,
          progress: 0,
          failure: null,
          updatedAt: event.data.requestedAt,
          draft: null,
          template: event.data.template ?? MEETING_TEMPLATE,
        };
      case 'SummaryProgressed':
        return { ...state, progress: event.data.progress, updatedAt: event.data.at };
      case 'SummaryDraftUpdated':
        return {
          ...state,
          progress: event.data.progress,
          updatedAt: event.data.at,
          draft: {
            content: event.data.draft,
            partsDone: event.data.partsDone,
            partsTotal: event.data.partsTotal,
            startedAt: event.data.startedAt,
            at: event.data.at,
          },
        };
      case 'SummaryWritten':
        return {
          ...state,
          status: 'ready',
          progress: 1,
          content: event.data.content,
          language: event.data.language,
          engine: event.data.engine,
          transcriptVersion: event.data.transcriptVersion,
          revision: state.revision + 1,
          updatedAt: event.data.writtenAt,
          draft: null,
          contentTemplate: state.template,
        };
      case 'SummaryFailed':
        return {
          ...state,
          status: state.content ? 'ready' : 'failed',
          failure: event.data.reason,
          updatedAt: event.data.at,
          draft: null,
        };
      case 'SummaryCancelled':
        return {
          ...state,
          status: state.content ? 'ready' : 'cancelled',
          updatedAt: event.data.at,
          draft: null,
        };
      case 'SummaryEdited':
        return {
          ...state,
          content: event.data.content,
          revision: event.data.revision,
          updatedAt: event.data.editedAt,
        };
    }
  },
};
