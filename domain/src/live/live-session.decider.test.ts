import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { liveSessionDecider } from './live-session.decider';

const spec = DeciderSpecification.for(liveSessionDecider);
const now = '2026-11-24T09:00:00.000Z';
const started = {
  type: 'LiveSessionStarted' as const,
  data: {
    sessionId: 's1',
    ownerId: 'u1',
    title: 'Standup',
    language: null,
    allowanceSeconds: 600,
    startedAt: now,
  },
};
const stored = (fromSequence: number, toSequence: number, totalSeconds: number) => ({
  type: 'LiveAudioStored' as const,
  data: {
    sessionId: 's1',
    fromSequence,
    toSequence,
    blobKey: `live/s1/${fromSequence}`,
    bytes: 32_000,
    totalSeconds,
    at: now,
  },
});
const store = (fromSequence: number, toSequence: number) => ({
  type: 'StoreLiveAudio' as const,
  fromSequence,
  toSequence,
  blobKey: `live/s1/${fromSequence}`,
  bytes: 32_000,
  now,
});
const code = (expected: string) => (error: unknown) => {
  expect((error as { code: string }).code).toBe(expected);
  return true;
};

describe('live session decider', () => {
  it('starts a session with the minutes the plan has left', () => {
    spec
      .given([])
      .when({
        type: 'StartLiveSession',
        sessionId: 's1',
        ownerId: 'u1',
        title: 'Standup',
        language: null,
        allowanceSeconds: 600,
        workspaceId: null,
        now,
      })
      .then([started]);
  });

  it('starts a session that records into a workspace, and says which', () => {
    spec
      .given([])
      .when({
        type: 'StartLiveSession',
        sessionId: 's1',
        ownerId: 'u1',
        title: 'Standup',
        language: null,
        allowanceSeconds: 600,
        workspaceId: 'w1',
        now,
      })
      .then([{ ...started, data: { ...started.data, workspaceId: 'w1' } }]);
  });

  it('refuses to start when no minutes are left', () => {
    spec
      .given([])
      .when({
        type: 'StartLiveSession',
        sessionId: 's1',
        ownerId: 'u1',
        title: 'x',
        language: 'en',
        allowanceSeconds: 0,
        workspaceId: null,
        now,
      })
      .thenThrows(code('QUOTA_EXCEEDED'));
  });

  it('stores frames in order and counts the seconds', () => {
    spec
      .given([started, stored(1, 5, 1)])
      .when(store(6, 10))
      .then([stored(6, 10, 2)]);
  });

  it('refuses a frame stored already, and says which one it expects', () => {
    spec
      .given([started, stored(1, 5, 1)])
      .when(store(5, 9))
      .thenThrows((error) => {
        const e = error as { code: string; message: string };
        expect(e.code).toBe('LIVE_FRAME_DUPLICATE');
        expect(e.message).toContain('expected frame 6, got 5');
        return true;
      });
  });

  it('refuses a gap in the frames', () => {
    spec
      .given([started, stored(1, 5, 1)])
      .when(store(8, 9))
      .thenThrows(code('LIVE_FRAME_OUT_OF_ORDER'));
  });

  it('pauses and resumes, and takes no audio once stopped', () => {
    const paused = { type: 'LiveSessionPaused' as const, data: { sessionId: 's1', at: now } };
    spec.given([started]).when({ type: 'PauseLiveSession', now }).then([paused]);
    spec
      .given([started, paused])
      .when({ type: 'ResumeLiveSession', now })
      .then([{ type: 'LiveSessionResumed', data: { sessionId: 's1', at: now } }]);
    const stopped = {
      type: 'LiveSessionStopped' as const,
      data: { sessionId: 's1', reason: 'user' as const, totalSeconds: 1, at: now },
    };
    spec
      .given([started, stored(1, 5, 1)])
      .when({ type: 'StopLiveSession', reason: 'user', now })
      .then([stopped]);
    spec
      .given([started, stored(1, 5, 1), stopped])
      .when(store(6, 7))
      .thenThrows(code('LIVE_SESSION_STOPPED'));
    spec.given([started, stopped]).when({ type: 'StopLiveSession', reason: 'user', now }).then([]);
  });

  it('becomes a recording once, after it stopped', () => {
    const stopped = {
      type: 'LiveSessionStopped' as const,
      data: { sessionId: 's1', reason: 'allowance' as const, totalSeconds: 0, at: now },
    };
    spec
      .given([started])
      .when({ type: 'FinalizeLiveSession', recordingId: 'r1', now })
      .thenThrows(code('LIVE_SESSION_STATE_CONFLICT'));
    const finalized = {
      type: 'LiveSessionFinalized' as const,
      data: { sessionId: 's1', recordingId: 'r1', at: now },
    };
    spec
      .given([started, stopped])
      .when({ type: 'FinalizeLiveSession', recordingId: 'r1', now })
      .then([finalized]);
    spec
      .given([started, stopped, finalized])
      .when({ type: 'FinalizeLiveSession', recordingId: 'r1', now })
      .then([]);
  });
});
