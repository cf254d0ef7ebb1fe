import { describe, expect, it } from 'vitest';
import { projectionUnderTest } from '../../testing';
import type { LiveSessionEvent } from '../events';
import { OPEN_LIVE_SESSIONS_COLLECTION, openLiveSessionsProjection } from './open-live-sessions.projection';

const projection = projectionUnderTest(openLiveSessionsProjection, {
  streamId: () => 'live-s1',
  actor: { kind: 'user', id: 'u1' },
});
const docs = projection.docs(OPEN_LIVE_SESSIONS_COLLECTION);
const handle = (event: LiveSessionEvent) => projection.apply(event);

describe('the open-live-sessions projection (what the abandoned-sessions sweep looks at)', () => {
  it('keeps each session from its start to its stop, with the last time its stream heard from it', async () => {
    expect(openLiveSessionsProjection.collections).toEqual([OPEN_LIVE_SESSIONS_COLLECTION]);
    await handle({
      type: 'LiveSessionStarted',
      data: {
        sessionId: 's1',
        ownerId: 'u1',
        title: 'Standup',
        language: null,
        allowanceSeconds: null,
        startedAt: '2026-11-24T10:00:00.000Z',
      },
    });
    expect(docs.get('s1')).toEqual({ id: 's1', lastActivityAt: '2026-11-24T10:00:00.000Z' });
    await handle({
      type: 'LiveAudioStored',
      data: {
        sessionId: 's1',
        fromSequence: 1,
        toSequence: 10,
        blobKey: 'k',
        bytes: 32_000,
        totalSeconds: 1,
        at: '2026-11-24T10:00:01.000Z',
      },
    });
    await handle({ type: 'LiveSessionPaused', data: { sessionId: 's1', at: '2026-11-24T10:00:02.000Z' } });
    expect(docs.get('s1')).toEqual({ id: 's1', lastActivityAt: '2026-11-24T10:00:02.000Z' });
    await handle({ type: 'LiveSessionResumed', data: { sessionId: 's1', at: '2026-11-24T10:05:00.000Z' } });
    expect(docs.get('s1')).toEqual({ id: 's1', lastActivityAt: '2026-11-24T10:05:00.000Z' });

    await handle({
      type: 'LiveSessionStopped',
      data: { sessionId: 's1', reason: 'user', totalSeconds: 1, at: '2026-11-24T10:05:01.000Z' },
    });
    expect(docs.has('s1')).toBe(false);
    // A replay of the finalization after a crash leaves it gone.
    await handle({
      type: 'LiveSessionFinalized',
      data: { sessionId: 's1', recordingId: 's1', at: '2026-11-24T10:05:03.000Z' },
    });
    expect(docs.has('s1')).toBe(false);
  });
});
