import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../kernel/events';
import type { Doc } from '../../ports/read-model-store';
import type { ProjectionContext } from '../../projections/projection';
import type { LiveSessionEvent } from '../events';
import { OPEN_LIVE_SESSIONS_COLLECTION, openLiveSessionsProjection } from './open-live-sessions.projection';

const docs = new Map<string, Doc>();
const context: ProjectionContext = {
  get: async <T extends Doc>(_: string, id: string) => (docs.get(id) as T | undefined) ?? null,
  find: async () => [],
  upsert: (_, doc) => docs.set(doc.id, doc),
  delete: (_, id) => docs.delete(id),
};
let position = 0;
const recorded = (event: Pick<LiveSessionEvent, 'type' | 'data'>): RecordedEvent => ({
  streamId: `live-${event.data.sessionId}`,
  type: event.type,
  schemaVersion: 1,
  data: event.data,
  metadata: {
    eventId: `e${position}`,
    correlationId: 'c',
    causationId: null,
    actor: { kind: 'user', id: 'u1' },
    occurredAt: '',
  },
  streamRevision: position,
  globalPosition: ++position,
});
const handle = (event: Pick<LiveSessionEvent, 'type' | 'data'>) =>
  openLiveSessionsProjection.handle(recorded(event), context);

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
