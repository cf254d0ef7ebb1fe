import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { AdminPresenceEvent } from './admin-presence.decider';

export const CHAT_PRESENCE = 'chat_presence';

/** When an admin was last seen: one document, read by every replica. */
export interface ChatPresenceDoc {
  readonly id: 'admins';
  readonly lastSeenAt: string;
}

/** `chat_presence`: the last time any admin was seen. */
export const adminPresenceProjection: Projection = {
  name: 'chat-presence',
  collections: [CHAT_PRESENCE],
  eventTypes: ['AdminPresent'],
  async handle(recorded: RecordedEvent, ctx) {
    const e = { type: recorded.type, data: recorded.data } as AdminPresenceEvent;
    const doc = await ctx.get<ChatPresenceDoc>(CHAT_PRESENCE, 'admins');
    // Two replicas may note presence at once: the later sighting wins, whatever order they land in.
    if (doc && doc.lastSeenAt >= e.data.at) return;
    const next: ChatPresenceDoc = { id: 'admins', lastSeenAt: e.data.at };
    ctx.upsert(CHAT_PRESENCE, next);
  },
};
