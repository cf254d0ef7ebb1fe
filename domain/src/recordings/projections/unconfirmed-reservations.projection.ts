import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { MinutesReleased, MinutesReserved, TranscriptionRequested } from '../events';

export const UNCONFIRMED_RESERVATIONS_COLLECTION = 'unconfirmed_reservations';

/** Minutes reserved for a recording whose transcription request has not (yet) followed. */
export interface UnconfirmedReservationDoc {
  readonly id: string;
  readonly ownerId: string;
  readonly period: string;
  readonly seconds: number;
  readonly reservedAt: string;
}

/**
 * Reserving minutes (usage stream) and requesting the transcription (recording stream) are two appends: a
 * process killed between them leaves minutes charged for nothing. A request follows its reservation within
 * milliseconds, so what stays here for long is such a leftover, which the upload recovery gives back.
 */
export const unconfirmedReservationsProjection: Projection = {
  name: 'unconfirmed-reservations',
  collections: [UNCONFIRMED_RESERVATIONS_COLLECTION],
  eventTypes: ['MinutesReserved', 'MinutesReleased', 'TranscriptionRequested'],
  async setup(store) {
    await store.collection(UNCONFIRMED_RESERVATIONS_COLLECTION).ensureIndex({ fields: ['reservedAt'] });
  },
  handle(raw: RecordedEvent, context) {
    const event = { type: raw.type, data: raw.data } as
      MinutesReserved | MinutesReleased | TranscriptionRequested;
    if (event.type === 'MinutesReserved') {
      const { recordingId, userId, period, seconds, at } = event.data;
      const doc: UnconfirmedReservationDoc = {
        id: recordingId,
        ownerId: userId,
        period,
        seconds,
        reservedAt: at,
      };
      context.upsert(UNCONFIRMED_RESERVATIONS_COLLECTION, doc);
    } else context.delete(UNCONFIRMED_RESERVATIONS_COLLECTION, event.data.recordingId);
  },
};
