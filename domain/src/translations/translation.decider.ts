import { requireFinishedTranscript } from '../recordings/finished-transcript';
import type { RecordingStatus } from '../recordings/recording';
import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { TranslatedSegment, TranslationEngine, TranslationEvent } from './events';
import { supportsPair, TRANSLATION_LANGUAGES } from './languages';

export type TranslationStatus = 'none' | 'running' | 'ready' | 'failed' | 'cancelled';

export interface TranslationState {
  readonly recordingId: string;
  readonly ownerId: string;
  readonly target: string;
  readonly source: string;
  readonly engine: TranslationEngine | null;
  readonly engineName: string | null;
  readonly status: TranslationStatus;
  readonly jobId: string | null;
  readonly progress: number;
  /** The last complete translation; kept while a new one is made. */
  readonly segments: readonly TranslatedSegment[] | null;
  readonly transcriptVersion: number;
  readonly failure: string | null;
  readonly updatedAt: string | null;
}

export type TranslationCommand =
  | {
      type: 'RequestTranslation';
      recordingId: string;
      /** The recording's status as the request found it. */
      recordingStatus: RecordingStatus;
      ownerId: string;
      jobId: string;
      /** The transcript's language (null until one was detected). */
      source: string | null;
      target: string;
      engine: TranslationEngine;
      transcriptVersion: number;
      now: string;
    }
  | { type: 'ProgressTranslation'; jobId: string; progress: number; now: string }
  | {
      type: 'CompleteTranslation';
      jobId: string;
      segments: readonly TranslatedSegment[];
      engineName: string;
      transcriptVersion: number;
      now: string;
    }
  | { type: 'FailTranslation'; jobId: string; reason: string; now: string }
  | { type: 'CancelTranslation'; now: string };

const initialState = (): TranslationState => ({
  recordingId: '',
  ownerId: '',
  target: '',
  source: '',
  engine: null,
  engineName: null,
  status: 'none',
  jobId: null,
  progress: 0,
  segments: null,
  transcriptVersion: 0,
  failure: null,
  updatedAt: null,
});

const notCurrentJob = () =>
  new DomainError('JOB_LEASE_LOST', 'This translation job was cancelled or replaced by a newer request.');

const nameOf = (code: string) => TRANSLATION_LANGUAGES[code] ?? code;

/** One recording's translation into one language: requested, made segment by segment, replaced on request. */
export const translationDecider: Decider<TranslationCommand, TranslationEvent, TranslationState> = {
  initialState,
  decide(command, state) {
    if (command.type === 'RequestTranslation') {
      requireFinishedTranscript(command.recordingStatus, 'translated');
      const source = command.source;
      if (source === null)
        throw new DomainError('RECORDING_STATE_CONFLICT', 'Only a finished transcript can be translated.');
      if (state.status === 'running')
        throw new DomainError(
          'TRANSLATION_STATE_CONFLICT',
          `A translation into ${nameOf(command.target)} is already being made. Cancel it or wait for it.`,
        );
      if (!supportsPair(command.engine, source, command.target))
        throw new DomainError(
          'TRANSLATION_PAIR_UNSUPPORTED',
          source === command.target
            ? `The transcript is already in ${nameOf(command.target)}.`
            : `This engine cannot translate ${nameOf(source)} into ${nameOf(command.target)}.`,
          { source, target: command.target, engine: command.engine },
        );
      return [
        {
          type: 'TranslationRequested',
          data: {
            recordingId: command.recordingId,
            ownerId: command.ownerId,
            jobId: command.jobId,
            source,
            target: command.target,
            engine: command.engine,
            transcriptVersion: command.transcriptVersion,
            requestedAt: command.now,
          },
        },
      ];
    }
    if (state.status === 'none') throw new NotFoundError('Translation', state.recordingId);
    const { recordingId, target } = state;
    switch (command.type) {
      case 'ProgressTranslation': {
        if (state.status !== 'running' || command.jobId !== state.jobId) return [];
        const progress = Math.min(Math.max(command.progress, 0), 1);
        if (progress <= state.progress) return [];
        return [
          {
            type: 'TranslationProgressed',
            data: { recordingId, target, jobId: command.jobId, progress, at: command.now },
          },
        ];
      }
      case 'CompleteTranslation':
        if (state.status !== 'running' || command.jobId !== state.jobId) throw notCurrentJob();
        return [
          {
            type: 'TranslationCompleted',
            data: {
              recordingId,
              target,
              jobId: command.jobId,
              segments: command.segments.map((s) => ({
                start: s.start,
                end: s.end,
                text: s.text.replace(/\s+/g, ' ').trim(),
              })),
              engineName: command.engineName,
              transcriptVersion: command.transcriptVersion,
              completedAt: command.now,
            },
          },
        ];
      case 'FailTranslation':
        if (state.status !== 'running' || command.jobId !== state.jobId) return [];
        return [
          {
            type: 'TranslationFailed',
            data: { recordingId, target, jobId: command.jobId, reason: command.reason, at: command.now },
          },
        ];
      case 'CancelTranslation':
        if (state.status !== 'running' || state.jobId === null) return [];
        return [
          {
            type: 'TranslationCancelled',
            data: { recordingId, target, jobId: state.jobId, at: command.now },
          },
        ];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'TranslationRequested':
        return {
          ...state,
          recordingId: event.data.recordingId,
          ownerId: event.data.ownerId,
          target: event.data.target,
          source: event.data.source,
          engine: event.data.engine,
          status: 'running',
          jobId: event.data.jobId,
          progress: 0,
          failure: null,
          updatedAt: event.data.requestedAt,
        };
      case 'TranslationProgressed':
        return { ...state, progress: event.data.progress, updatedAt: event.data.at };
      case 'TranslationCompleted':
        return {
          ...state,
          status: 'ready',
          progress: 1,
          segments: event.data.segments,
          engineName: event.data.engineName,
          transcriptVersion: event.data.transcriptVersion,
          updatedAt: event.data.completedAt,
        };
      case 'TranslationFailed':
        return {
          ...state,
          status: state.segments ? 'ready' : 'failed',
          failure: event.data.reason,
          updatedAt: event.data.at,
        };
      case 'TranslationCancelled':
        return { ...state, status: state.segments ? 'ready' : 'cancelled', updatedAt: event.data.at };
    }
  },
};
