import type { DomainEvent } from '../kernel/events';
import type { SummaryContent } from './summary';
import type { SummaryTemplate } from './templates/summary-template';

// ---- summary stream: `summary-{recordingId}` (one summary per recording, regenerated in place) ----
export type SummaryRequested = DomainEvent<
  'SummaryRequested',
  {
    recordingId: string;
    ownerId: string;
    /** The job that writes it (its id is chosen here, so the reactor that queues it can be replayed). */
    jobId: string;
    /** ISO 639-1 code of the language to write in. */
    language: string;
    /** The transcript version it summarises: a later edit makes the summary out of date. */
    transcriptVersion: number;
    /** What the summary is for, as the template read when it was asked for (absent before templates: a meeting). */
    template?: SummaryTemplate;
    requestedAt: string;
  }
>;
export type SummaryProgressed = DomainEvent<
  'SummaryProgressed',
  { recordingId: string; jobId: string; progress: number; at: string }
>;
/** The summary so far, after another part of the transcript is done: shown while the rest is written. */
export type SummaryDraftUpdated = DomainEvent<
  'SummaryDraftUpdated',
  {
    recordingId: string;
    jobId: string;
    /** The parts done so far, merged (tidied by the decider like a written summary). */
    draft: SummaryContent;
    /** Steps done and in all (each part, then joining the overviews when there are several). */
    partsDone: number;
    partsTotal: number;
    progress: number;
    /** When the job started writing: with `at` and the parts done, how long the rest will take. */
    startedAt: string;
    at: string;
  }
>;
export type SummaryWritten = DomainEvent<
  'SummaryWritten',
  {
    recordingId: string;
    jobId: string;
    content: SummaryContent;
    language: string;
    transcriptVersion: number;
    /** Which engine wrote it (shown to the user). */
    engine: string;
    writtenAt: string;
  }
>;
export type SummaryFailed = DomainEvent<
  'SummaryFailed',
  { recordingId: string; jobId: string; reason: string; at: string }
>;
export type SummaryCancelled = DomainEvent<
  'SummaryCancelled',
  { recordingId: string; jobId: string; at: string }
>;
export type SummaryEdited = DomainEvent<
  'SummaryEdited',
  { recordingId: string; content: SummaryContent; revision: number; editedAt: string }
>;

export type SummaryEvent =
  | SummaryRequested
  | SummaryProgressed
  | SummaryDraftUpdated
  | SummaryWritten
  | SummaryFailed
  | SummaryCancelled
  | SummaryEdited;

export const SUMMARY_EVENT_TYPES: readonly SummaryEvent['type'][] = [
  'SummaryRequested',
  'SummaryProgressed',
  'SummaryDraftUpdated',
  'SummaryWritten',
  'SummaryFailed',
  'SummaryCancelled',
  'SummaryEdited',
];

export const summaryStream = (recordingId: string) => `summary-${recordingId}`;

// ---- summary settings stream: `summary-settings-{userId}` ----
/** The owner turned automatic summaries of new transcripts on or off. */
export type SummarySettingsChanged = DomainEvent<
  'SummarySettingsChanged',
  { userId: string; autoSummarize: boolean; at: string }
>;

export const summarySettingsStream = (userId: string) => `summary-settings-${userId}`;
