import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../kernel/events';
import type { Doc } from '../../ports/read-model-store';
import type { ProjectionContext } from '../../projections/projection';
import { ADMIN_PRESENCE_STREAM } from './admin-presence.decider';
import { CHAT_PRESENCE, adminPresenceProjection } from './admin-presence.projection';

const docs = new Map<string, Doc>();
const context: ProjectionContext = {
  get: async <T extends Doc>(_: string, id: string) => (docs.get(id) as T | undefined) ?? null,
  find: async () => [],
  upsert: (_, doc) => docs.set(doc.id, doc),
  delete: (_, id) => docs.delete(id),
};
let position = 0;
const seen = (adminId: string, at: string): RecordedEvent => {
  position += 1;
  return {
    streamId: ADMIN_PRESENCE_STREAM,
    type: 'AdminPresent',
    schemaVersion: 1,
    data: { adminId, at },
    metadata: {
      eventId: `e${position}`,
      correlationId: 'c',
      causationId: null,
      actor: { kind: 'admin', id: adminId },
      occurredAt: at,
    },
    streamRevision: position - 1,
    globalPosition: position,
  };
};

describe(`${CHAT_PRESENCE}: when an admin was last seen`, () => {
  it('keeps the latest sighting, whichever replica noted it first', async () => {
    await adminPresenceProjection.handle(seen('a1', '2026-03-01T10:01:00.000Z'), context);
    await adminPresenceProjection.handle(seen('a2', '2026-03-01T10:00:30.000Z'), context);
    expect(docs.get('admins')).toEqual({ id: 'admins', lastSeenAt: '2026-03-01T10:01:00.000Z' });
    await adminPresenceProjection.handle(seen('a2', '2026-03-01T10:02:00.000Z'), context);
    expect(docs.get('admins')).toEqual({ id: 'admins', lastSeenAt: '2026-03-01T10:02:00.000Z' });
  });
});
