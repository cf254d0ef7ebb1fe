import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import type { SummaryEvent } from './events';
import type { SummaryContent } from './summary';
import { type SummaryCommand, summaryDecider } from './summary.decider';
import { builtInTemplate, MEETING_TEMPLATE, type SummaryTemplate } from './templates/summary-template';

const spec = DeciderSpecification.for(summaryDecider);
const now = '2026-03-01T10:00:00.000Z';
const later = '2026-03-01T10:05:00.000Z';

const content: SummaryContent = {
  overview: 'The team agreed to ship on Friday.',
  keyPoints: [{ text: 'The release is ready.', at: 3 }],
  decisions: [{ text: 'Ship on Friday.', at: 12.5 }],
  actionItems: [{ text: 'Write the release notes.', owner: 'Maria', at: 20 }],
  chapters: [{ title: 'Release', start: 0 }],
};

const request: SummaryCommand = {
  type: 'RequestSummary',
  recordingId: 'r1',
  recordingStatus: 'completed',
  ownerId: 'u1',
  jobId: 'j1',
  language: 'en',
  transcriptVersion: 1,
  template: MEETING_TEMPLATE,
  templateId: 'meeting',
  now,
};
const requested = (jobId = 'j1', template: SummaryTemplate = MEETING_TEMPLATE): SummaryEvent => ({
  type: 'SummaryRequested',
  data: {
    recordingId: 'r1',
    ownerId: 'u1',
    jobId,
    language: 'en',
    transcriptVersion: 1,
    template,
    requestedAt: now,
  },
});
const written = (jobId = 'j1'): SummaryEvent => ({
  type: 'SummaryWritten',
  data: {
    recordingId: 'r1',
    jobId,
    content,
    language: 'en',
    transcriptVersion: 1,
    engine: 'local:test',
    writtenAt: later,
  },
});
const complete: SummaryCommand = {
  type: 'CompleteSummary',
  jobId: 'j1',
  content,
  language: 'en',
  transcriptVersion: 1,
  engine: 'local:test',
  now: later,
};
const code = (expected: string) => (error: unknown) =>
  error instanceof DomainError && error.code === expected;

describe('summary', () => {
  describe('requesting', () => {
    it('records the request with its job, language and the transcript version it summarises', () =>
      spec.given([]).when(request).then([requested()]));

    it('refuses while the transcript is still being made', () =>
      spec
        .given([])
        .when({ ...request, recordingStatus: 'queued' })
        .thenThrows(code('RECORDING_STATE_CONFLICT')));

    it('refuses a second request while one is being written', () =>
      spec
        .given([requested()])
        .when({ ...request, jobId: 'j2' })
        .thenThrows(code('SUMMARY_STATE_CONFLICT')));

    it('regenerates a written summary with a new job', () =>
      spec
        .given([requested(), written()])
        .when({ ...request, jobId: 'j2' })
        .then([requested('j2')]));

    it('refuses a language that is not a two-letter code', () =>
      spec
        .given([])
        .when({ ...request, language: 'english' })
        .thenThrows(code('VALIDATION_FAILED')));

    it('records the template it is asked for with what it says, so a later change of the template cannot alter it', () => {
      const lecture = builtInTemplate('lecture')!;
      spec
        .given([])
        .when({ ...request, template: lecture, templateId: 'lecture' })
        .then([requested('j1', lecture)]);
    });

    it('refuses a template the account does not have', () =>
      spec
        .given([])
        .when({ ...request, template: undefined, templateId: 'gone' })
        .thenThrows(code('VALIDATION_FAILED')));
  });

  describe('templates', () => {
    const lecture = builtInTemplate('lecture')!;

    it('keeps only the sections its template keeps: a lecture has no decisions', () =>
      spec
        .given([requested('j1', lecture)])
        .when(complete)
        .then([
          {
            type: 'SummaryWritten',
            data: {
              recordingId: 'r1',
              jobId: 'j1',
              content: { ...content, decisions: [] },
              language: 'en',
              transcriptVersion: 1,
              engine: 'local:test',
              writtenAt: later,
            },
          },
        ]));

    it('shows the content under the template it was written with until another is written', () => {
      const states = [requested(), written(), requested('j2', lecture)].reduce(
        (state, event) => summaryDecider.evolve(state, event),
        summaryDecider.initialState(),
      );
      expect(states.template.id).toBe('lecture');
      expect(states.contentTemplate.id).toBe('meeting');
      expect(summaryDecider.evolve(states, written('j2')).contentTemplate.id).toBe('lecture');
    });

    it('reads a request from before templates as a meeting', () => {
      const old: SummaryEvent = {
        type: 'SummaryRequested',
        data: {
          recordingId: 'r1',
          ownerId: 'u1',
          jobId: 'j1',
          language: 'en',
          transcriptVersion: 1,
          requestedAt: now,
        },
      };
      expect(summaryDecider.evolve(summaryDecider.initialState(), old).template).toEqual(MEETING_TEMPLATE);
    });
  });

  describe('writing', () => {
    it('stores what the current job wrote, tidied', () =>
      spec
        .given([requested()])
        .when({ ...complete, content: { ...content, overview: '  The team agreed   to ship on Friday. ' } })
        .then([written()]));

    it('refuses the result of a job that was replaced or cancelled', () => {
      spec
        .given([requested(), requested('j2')])
        .when(complete)
        .thenThrows(code('JOB_LEASE_LOST'));
      spec
        .given([requested(), { type: 'SummaryCancelled', data: { recordingId: 'r1', jobId: 'j1', at: now } }])
        .when(complete)
        .thenThrows(code('JOB_LEASE_LOST'));
    });

    it('records progress that moves forward only', () => {
      spec
        .given([requested()])
        .when({ type: 'ProgressSummary', jobId: 'j1', progress: 0.5, now })
        .then([
          { type: 'SummaryProgressed', data: { recordingId: 'r1', jobId: 'j1', progress: 0.5, at: now } },
        ]);
      spec
        .given([
          requested(),
          { type: 'SummaryProgressed', data: { recordingId: 'r1', jobId: 'j1', progress: 0.5, at: now } },
        ])
        .when({ type: 'ProgressSummary', jobId: 'j1', progress: 0.4, now })
        .thenNothingHappens();
    });

    describe('written as it goes', () => {
      const part1: SummaryContent = { ...content, decisions: [], actionItems: [] };
      const draft = (
        partsDone: number,
        jobId = 'j1',
      ): Extract<SummaryCommand, { type: 'RecordSummaryDraft' }> => ({
        type: 'RecordSummaryDraft',
        jobId,
        draft: partsDone === 1 ? part1 : content,
        partsDone,
        partsTotal: 3,
        progress: partsDone / 3,
        startedAt: now,
        now: later,
      });
      const drafted = (partsDone: number): SummaryEvent => ({
        type: 'SummaryDraftUpdated',
        data: {
          recordingId: 'r1',
          jobId: 'j1',
          draft: partsDone === 1 ? part1 : content,
          partsDone,
          partsTotal: 3,
          progress: partsDone / 3,
          startedAt: now,
          at: later,
        },
      });

      it('records the summary so far after each part, with the parts done and when writing started', () =>
        spec
          .given([requested()])
          .when(draft(1))
          .then([drafted(1)]));

      it('tidies the draft as it tidies a written summary', () =>
        spec
          .given([requested()])
          .when({ ...draft(1), draft: { ...part1, overview: '  The team agreed to ship on Friday.  ' } })
          .then([drafted(1)]));

      it('ignores a draft older than the one shown, or from a job that is no longer current', () => {
        spec
          .given([requested(), drafted(2)])
          .when(draft(1))
          .thenNothingHappens();
        spec
          .given([requested(), requested('j2')])
          .when(draft(1))
          .thenNothingHappens();
        spec.given([requested(), written()]).when(draft(1)).thenNothingHappens();
      });
    });

    it('ignores a failure reported by a job that is no longer current', () =>
      spec
        .given([requested(), requested('j2')])
        .when({ type: 'FailSummary', jobId: 'j1', reason: 'x', now })
        .thenNothingHappens());
  });

  describe('cancelling', () => {
    it('cancels the job being written', () =>
      spec
        .given([requested()])
        .when({ type: 'CancelSummary', now })
        .then([{ type: 'SummaryCancelled', data: { recordingId: 'r1', jobId: 'j1', at: now } }]));

    it('does nothing when nothing is being written', () =>
      spec.given([requested(), written()]).when({ type: 'CancelSummary', now }).thenNothingHappens());
  });

  describe('editing', () => {
    const edit: SummaryCommand = {
      type: 'EditSummary',
      content: { ...content, overview: 'Shipping moved to Friday.' },
      expectedRevision: 1,
      now: later,
    };

    it('stores the owner’s text as the next revision', () =>
      spec
        .given([requested(), written()])
        .when(edit)
        .then([
          {
            type: 'SummaryEdited',
            data: {
              recordingId: 'r1',
              content: { ...content, overview: 'Shipping moved to Friday.' },
              revision: 2,
              editedAt: later,
            },
          },
        ]));

    it('refuses an edit made from an older revision (another tab saved first)', () =>
      spec
        .given([requested(), written()])
        .when({ ...edit, expectedRevision: 0 })
        .thenThrows(code('SUMMARY_VERSION_CONFLICT')));

    it('refuses an edit while a new summary is being written', () =>
      spec
        .given([requested(), written(), requested('j2')])
        .when({ ...edit, expectedRevision: 1 })
        .thenThrows(code('SUMMARY_STATE_CONFLICT')));

    it('refuses an empty point and a negative time', () => {
      spec
        .given([requested(), written()])
        .when({ ...edit, content: { ...content, keyPoints: [{ text: '  ', at: 1 }] } })
        .thenThrows(code('VALIDATION_FAILED'));
      spec
        .given([requested(), written()])
        .when({ ...edit, content: { ...content, chapters: [{ title: 'A', start: -1 }] } })
        .thenThrows(code('VALIDATION_FAILED'));
    });
  });

  it('keeps the last summary readable when its regeneration fails', () =>
    spec
      .given([requested(), written(), requested('j2')])
      .when({ type: 'FailSummary', jobId: 'j2', reason: 'engine down', now: later })
      .then((events) => {
        const state = [requested(), written(), requested('j2'), ...events].reduce(
          summaryDecider.evolve,
          summaryDecider.initialState(),
        );
        if (state.status !== 'ready' || state.content === null || state.failure !== 'engine down')
          throw new Error(`unexpected state ${JSON.stringify(state)}`);
      }));
});
