import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { RecordingDeleted, RecordingMediaPurged, RecordingRestored } from '../events';

export const MEDIA_PURGE_DUE_COLLECTION = 'media_purge_due';

/** A deleted recording whose media is to be erased once its restore grace period is over. */
export interface MediaPurgeDueDoc {
  readonly id: string;
  /** The end of the restore grace period (ISO-8601): the media is erased after it. */
  readonly dueAt: string;
}

/**
 * The due list of media erasures: one document per deleted recording, gone when it is restored or its media
 * erased. A timer asks it for what is due instead of replaying every recording ever made.
 */
export const mediaPurgeDueProjection: Projection = {
  name: 'media-purge-due',
  collections: [MEDIA_PURGE_DUE_COLLECTION],
  eventTypes: ['RecordingDeleted', 'RecordingRestored', 'RecordingMediaPurged'],
  async setup(store) {
    await store.collection(MEDIA_PURGE_DUE_COLLECTION).ensureIndex({ fields: ['dueAt'] });
  },
  handle(raw: RecordedEvent, context) {
    const event = { type: raw.type, data: raw.data } as
      RecordingDeleted | RecordingRestored | RecordingMediaPurged;
    if (event.type === 'RecordingDeleted') {
      const doc: MediaPurgeDueDoc = { id: event.data.recordingId, dueAt: event.data.restorableUntil };
      context.upsert(MEDIA_PURGE_DUE_COLLECTION, doc);
    } else context.delete(MEDIA_PURGE_DUE_COLLECTION, event.data.recordingId);
  },
};
