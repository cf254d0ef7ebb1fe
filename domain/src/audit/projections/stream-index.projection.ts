import type { Projection } from '../../projections/projection';
import { streamKindOf } from '../stream-kinds';

/** One stream as the auditor's search lists it. */
export interface StreamIndexDoc {
  readonly id: string;
  readonly kind: string | null;
  /** The user the stream belongs to, when its events name one (userId, ownerId). */
  readonly userId: string | null;
  readonly eventCount: number;
  readonly firstAt: string;
  readonly lastAt: string;
  readonly lastType: string;
}

export const AUDIT_STREAMS = 'audit_streams';

const ownerOf = (data: unknown): string | null => {
  if (typeof data !== 'object' || data === null) return null;
  for (const field of ['userId', 'ownerId'] as const) {
    const value: unknown = Reflect.get(data, field);
    if (typeof value === 'string' && value) return value;
  }
  return null;
};

/**
 * Every stream there is, with the user it belongs to: the event store lists events, not streams, and a user's
 * usage periods, recordings and chats are found through this (a chat's visitor may be identified later).
 */
export const streamIndexProjection: Projection = {
  name: 'audit.streams',
  collections: [AUDIT_STREAMS],
  async setup(store) {
    await store.collection(AUDIT_STREAMS).ensureIndex({ fields: ['userId'] });
    await store.collection(AUDIT_STREAMS).ensureIndex({ fields: ['kind'] });
  },
  async handle(recorded, ctx) {
    const current = await ctx.get<StreamIndexDoc>(AUDIT_STREAMS, recorded.streamId);
    // Idempotent on replay: an event at or before the counted revision was already counted.
    if (current && current.eventCount > recorded.streamRevision) return;
    const doc: StreamIndexDoc = {
      id: recorded.streamId,
      kind: streamKindOf(recorded.streamId)?.kind ?? null,
      userId: current?.userId ?? ownerOf(recorded.data),
      eventCount: recorded.streamRevision + 1,
      firstAt: current?.firstAt ?? recorded.metadata.occurredAt,
      lastAt: recorded.metadata.occurredAt,
      lastType: recorded.type,
    };
    ctx.upsert(AUDIT_STREAMS, doc);
  },
};
