import type { DomainEvent } from '../../kernel/events';
import type { Workflow } from '../../kernel/workflow';
import type {
  RecordingCreated,
  TranscriptionCancelled,
  TranscriptionFailed,
  TranscriptionRequested,
} from '../events';

type Ended = TranscriptionFailed | TranscriptionCancelled;

/** Give back the minutes reserved for one attempt (the usage stream's `ReleaseMinutes`). */
export interface ReleaseAttemptMinutes {
  readonly type: 'ReleaseAttemptMinutes';
  readonly ownerId: string;
  readonly recordingId: string;
  readonly jobId: string;
  /** The usage period holding the reservation; null on requests older than the field: the period of `requestedAt`. */
  readonly period: string | null;
  readonly requestedAt: string;
  readonly reason: 'failed' | 'cancelled';
}

export interface MinutesReleaseState {
  readonly ownerId: string | null;
  /** The newest request: it alone owns the recording's reservation. */
  readonly latest: {
    readonly jobId: string;
    readonly period: string | null;
    readonly requestedAt: string;
  } | null;
}

const isRequest = (event: DomainEvent): event is TranscriptionRequested =>
  event.type === 'TranscriptionRequested';
const isCreated = (event: DomainEvent): event is RecordingCreated => event.type === 'RecordingCreated';

/**
 * An attempt that ended without a transcript (failed, or cancelled by its owner or by a delete) gives its minutes
 * back. Only the newest request's end does: a retry owns the reservation from its request on, so an old failure
 * reached late (a replay) releases nothing. The usage decider releases a reservation once, so a repeat is harmless.
 */
export const minutesReleaseWorkflow: Workflow<Ended, MinutesReleaseState, ReleaseAttemptMinutes> = {
  name: 'minutes-release',
  inputs: ['TranscriptionFailed', 'TranscriptionCancelled'],
  initialState: () => ({ ownerId: null, latest: null }),
  evolve(state, event) {
    if (isCreated(event)) return { ...state, ownerId: event.data.ownerId };
    if (isRequest(event))
      return {
        ...state,
        latest: {
          jobId: event.data.jobId,
          period: event.data.period ?? null,
          requestedAt: event.data.requestedAt,
        },
      };
    return state;
  },
  decide(input, { ownerId, latest }) {
    if (ownerId === null || latest === null || input.data.jobId !== latest.jobId) return [];
    return [
      {
        type: 'ReleaseAttemptMinutes',
        ownerId,
        recordingId: input.data.recordingId,
        jobId: latest.jobId,
        period: latest.period,
        requestedAt: latest.requestedAt,
        reason: input.type === 'TranscriptionFailed' ? 'failed' : 'cancelled',
      },
    ];
  },
};
