import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import type { LiveSessionEvent, LiveStopReason } from './events';

/** 16 kHz mono, 16-bit samples. */
export const LIVE_BYTES_PER_SECOND = 32_000;

export const liveSessionStream = (sessionId: string): string => `live-${sessionId}`;

export interface StoredBatch {
  readonly fromSequence: number;
  readonly toSequence: number;
  readonly blobKey: string;
  readonly bytes: number;
}

export interface LiveSessionState {
  readonly exists: boolean;
  readonly sessionId: string;
  readonly ownerId: string | null;
  readonly title: string;
  readonly language: string | null;
  readonly allowanceSeconds: number | null;
  readonly workspaceId: string | null;
  readonly status: 'none' | 'recording' | 'paused' | 'stopped' | 'finalized';
  /** The last frame stored; frames are numbered from 1, so 0 = none yet. */
  readonly lastSequence: number;
  readonly totalBytes: number;
  readonly batches: readonly StoredBatch[];
  readonly recordingId: string | null;
}

export type LiveSessionCommand =
  | {
      type: 'StartLiveSession';
      sessionId: string;
      ownerId: string;
      title: string;
      language: string | null;
      allowanceSeconds: number | null;
      workspaceId: string | null;
      now: string;
    }
  | {
      type: 'StoreLiveAudio';
      fromSequence: number;
      toSequence: number;
      blobKey: string;
      bytes: number;
      now: string;
    }
  | { type: 'PauseLiveSession'; now: string }
  | { type: 'ResumeLiveSession'; now: string }
  | { type: 'StopLiveSession'; reason: LiveStopReason; now: string }
  | { type: 'FinalizeLiveSession'; recordingId: string; now: string };

export const liveSeconds = (bytes: number): number =>
  Math.round((bytes / LIVE_BYTES_PER_SECOND) * 1000) / 1000;

const initialState = (): LiveSessionState => ({
  exists: false,
  sessionId: '',
  ownerId: null,
  title: '',
  language: null,
  allowanceSeconds: null,
  workspaceId: null,
  status: 'none',
  lastSequence: 0,
  totalBytes: 0,
  batches: [],
  recordingId: null,
});

const open = (state: LiveSessionState): void => {
  if (!state.exists) throw new DomainError('LIVE_SESSION_NOT_FOUND', 'No such live session.');
  if (state.status === 'stopped' || state.status === 'finalized')
    throw new DomainError('LIVE_SESSION_STOPPED', 'This live session has already been stopped.');
};

/**
 * One live recording: audio arrives as numbered frames, stored in batches strictly in order (a frame is
 * never stored twice and none is skipped), until the user stops it or the plan's minutes run out.
 */
export const liveSessionDecider: Decider<LiveSessionCommand, LiveSessionEvent, LiveSessionState> = {
  initialState,
  decide(command, state) {
    switch (command.type) {
      case 'StartLiveSession':
        if (state.exists) return [];
        if (command.allowanceSeconds !== null && command.allowanceSeconds <= 0)
          throw new DomainError(
            'QUOTA_EXCEEDED',
            'No transcription minutes are left in your plan for this period, so a live recording cannot start.',
            { minutesLeft: 0 },
          );
        return [
          {
            type: 'LiveSessionStarted',
            data: {
              sessionId: command.sessionId,
              ownerId: command.ownerId,
              title: command.title,
              language: command.language,
              allowanceSeconds: command.allowanceSeconds,
              startedAt: command.now,
              ...(command.workspaceId === null ? {} : { workspaceId: command.workspaceId }),
            },
          },
        ];
      case 'StoreLiveAudio': {
        open(state);
        if (command.toSequence < command.fromSequence || command.bytes <= 0)
          throw new DomainError('LIVE_FRAME_MALFORMED', 'An empty batch of frames cannot be stored.');
        if (command.fromSequence !== state.lastSequence + 1)
          throw new DomainError(
            command.fromSequence <= state.lastSequence ? 'LIVE_FRAME_DUPLICATE' : 'LIVE_FRAME_OUT_OF_ORDER',
            `Frames must arrive in order: expected frame ${state.lastSequence + 1}, got ${command.fromSequence}.`,
            { expectedSequence: state.lastSequence + 1 },
          );
        return [
          {
            type: 'LiveAudioStored',
            data: {
              sessionId: state.sessionId,
              fromSequence: command.fromSequence,
              toSequence: command.toSequence,
              blobKey: command.blobKey,
              bytes: command.bytes,
              totalSeconds: liveSeconds(state.totalBytes + command.bytes),
              at: command.now,
            },
          },
        ];
      }
      case 'PauseLiveSession':
        open(state);
        return state.status === 'paused'
          ? []
          : [{ type: 'LiveSessionPaused', data: { sessionId: state.sessionId, at: command.now } }];
      case 'ResumeLiveSession':
        open(state);
        return state.status === 'recording'
          ? []
          : [{ type: 'LiveSessionResumed', data: { sessionId: state.sessionId, at: command.now } }];
      case 'StopLiveSession':
        if (!state.exists) throw new DomainError('LIVE_SESSION_NOT_FOUND', 'No such live session.');
        if (state.status === 'stopped' || state.status === 'finalized') return [];
        return [
          {
            type: 'LiveSessionStopped',
            data: {
              sessionId: state.sessionId,
              reason: command.reason,
              totalSeconds: liveSeconds(state.totalBytes),
              at: command.now,
            },
          },
        ];
      case 'FinalizeLiveSession':
        if (state.status === 'finalized') return [];
        if (state.status !== 'stopped')
          throw new DomainError(
            'LIVE_SESSION_STATE_CONFLICT',
            'Only a stopped live session becomes a recording.',
          );
        return [
          {
            type: 'LiveSessionFinalized',
            data: { sessionId: state.sessionId, recordingId: command.recordingId, at: command.now },
          },
        ];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'LiveSessionStarted':
        return {
          ...state,
          exists: true,
          sessionId: event.data.sessionId,
          ownerId: event.data.ownerId,
          title: event.data.title,
          language: event.data.language,
          allowanceSeconds: event.data.allowanceSeconds,
          workspaceId: event.data.workspaceId ?? null,
          status: 'recording',
        };
      case 'LiveAudioStored':
        return {
          ...state,
          lastSequence: event.data.toSequence,
          totalBytes: state.totalBytes + event.data.bytes,
          batches: [
            ...state.batches,
            {
              fromSequence: event.data.fromSequence,
              toSequence: event.data.toSequence,
              blobKey: event.data.blobKey,
              bytes: event.data.bytes,
            },
          ],
        };
      case 'LiveSessionPaused':
        return { ...state, status: 'paused' };
      case 'LiveSessionResumed':
        return { ...state, status: 'recording' };
      case 'LiveSessionStopped':
        return { ...state, status: 'stopped' };
      case 'LiveSessionFinalized':
        return { ...state, status: 'finalized', recordingId: event.data.recordingId };
    }
  },
};
