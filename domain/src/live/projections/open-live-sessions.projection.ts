import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { LiveSessionEvent } from '../events';

export const OPEN_LIVE_SESSIONS_COLLECTION = 'open_live_sessions';

/** A live session not yet stopped, with the last time its stream heard from it. */
export interface OpenLiveSessionDoc {
  readonly id: string;
  /** When it started, last stored audio, or was paused or resumed (ISO-8601). */
  readonly lastActivityAt: string;
}

/**
 * The live sessions still open: one document per session, gone once it is stopped. The abandoned-sessions sweep
 * asks it which sessions have been quiet too long instead of replaying every session ever recorded, so a session
 * left open by a crash or restart of the API is found by whichever process runs the projections.
 */
export const openLiveSessionsProjection: Projection = {
  name: 'open-live-sessions',
  collections: [OPEN_LIVE_SESSIONS_COLLECTION],
  eventTypes: [
    'LiveSessionStarted',
    'LiveAudioStored',
    'LiveSessionPaused',
    'LiveSessionResumed',
    'LiveSessionStopped',
    'LiveSessionFinalized',
  ],
  async setup(store) {
    await store.collection(OPEN_LIVE_SESSIONS_COLLECTION).ensureIndex({ fields: ['lastActivityAt'] });
  },
  handle(raw: RecordedEvent, context) {
    const event = { type: raw.type, data: raw.data } as LiveSessionEvent;
    const { sessionId } = event.data;
    const open = (lastActivityAt: string) => {
      const doc: OpenLiveSessionDoc = { id: sessionId, lastActivityAt };
      context.upsert(OPEN_LIVE_SESSIONS_COLLECTION, doc);
    };
    switch (event.type) {
      case 'LiveSessionStarted':
        return open(event.data.startedAt);
      case 'LiveAudioStored':
      case 'LiveSessionPaused':
      case 'LiveSessionResumed':
        return open(event.data.at);
      case 'LiveSessionStopped':
      case 'LiveSessionFinalized':
        return context.delete(OPEN_LIVE_SESSIONS_COLLECTION, sessionId);
    }
  },
};
