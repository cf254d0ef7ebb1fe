import type { Projection } from '../../projections/projection';

/** One event, findable by the correlation id of the request or job that caused it. */
export interface CorrelationDoc {
  readonly id: string;
  readonly correlationId: string;
  readonly streamId: string;
  readonly streamRevision: number;
  readonly globalPosition: number;
  readonly type: string;
  readonly occurredAt: string;
}

export const AUDIT_CORRELATIONS = 'audit_correlations';

/** All events of one request across streams: the store reads by stream or by position, so this indexes the rest. */
export const correlationIndexProjection: Projection = {
  name: 'audit.correlations',
  collections: [AUDIT_CORRELATIONS],
  async setup(store) {
    await store.collection(AUDIT_CORRELATIONS).ensureIndex({ fields: ['correlationId'] });
  },
  handle(recorded, ctx) {
    const doc: CorrelationDoc = {
      id: recorded.metadata.eventId,
      correlationId: recorded.metadata.correlationId,
      streamId: recorded.streamId,
      streamRevision: recorded.streamRevision,
      globalPosition: recorded.globalPosition,
      type: recorded.type,
      occurredAt: recorded.metadata.occurredAt,
    };
    ctx.upsert(AUDIT_CORRELATIONS, doc);
  },
};
