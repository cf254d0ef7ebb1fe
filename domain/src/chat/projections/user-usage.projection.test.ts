import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../kernel/events';
import type { Doc } from '../../ports/read-model-store';
import type { ProjectionContext } from '../../projections/projection';
import { USER_USAGE_COLLECTION, userUsageProjection, type UserUsageDoc } from './user-usage.projection';

const docs = new Map<string, Doc>();
const context: ProjectionContext = {
  get: async <T extends Doc>(_: string, id: string) => (docs.get(id) as T | undefined) ?? null,
  find: async () => [],
  upsert: (_, doc) => docs.set(doc.id, doc),
  delete: (_, id) => docs.delete(id),
};
let position = 0;
const event = (
  type: 'MinutesReserved' | 'ExtraMinutesReserved' | 'MinutesReleased',
  period: string,
  recordingId: string,
  seconds: number,
) =>
  ({
    streamId: `usage-u1-${period}`,
    type,
    schemaVersion: 1,
    data: { userId: 'u1', period, recordingId, seconds, reason: 'failed', at: '2026-11-01T00:00:00Z' },
    metadata: {
      eventId: `e${position}`,
      correlationId: 'c',
      causationId: null,
      actor: { kind: 'user', id: 'u1' },
      occurredAt: '',
    },
    streamRevision: position,
    globalPosition: ++position,
  }) as RecordedEvent;

const usage = () => docs.get('u1') as UserUsageDoc;

describe('the user-usage projection (minutes the assistant may quote)', () => {
  it('adds reserved minutes, gives released ones back, ignores replays and starts each period at zero', async () => {
    expect(userUsageProjection.collections).toEqual([USER_USAGE_COLLECTION]);
    await userUsageProjection.handle(event('MinutesReserved', '2026-11', 'r1', 90), context);
    await userUsageProjection.handle(event('MinutesReserved', '2026-11', 'r2', 30), context);
    expect(usage().minutesUsed).toBe(2);
    await userUsageProjection.handle(event('MinutesReserved', '2026-11', 'r2', 30), context);
    expect(usage().minutesUsed).toBe(2);
    await userUsageProjection.handle(event('MinutesReleased', '2026-11', 'r2', 30), context);
    expect(usage().minutesUsed).toBe(1.5);
    await userUsageProjection.handle(event('MinutesReserved', '2026-12', 'r3', 60), context);
    expect(usage()).toMatchObject({ period: '2026-12', minutesUsed: 1 });
    await userUsageProjection.handle(event('MinutesReserved', '2026-11', 'r4', 600), context);
    expect(usage()).toMatchObject({ period: '2026-12', minutesUsed: 1 });
  });

  it('counts the extra minutes of audio longer than its header claimed, and gives them all back on failure', async () => {
    await userUsageProjection.handle(event('MinutesReserved', '2027-01', 'lying', 1), context);
    await userUsageProjection.handle(event('ExtraMinutesReserved', '2027-01', 'lying', 59), context);
    expect(usage()).toMatchObject({ period: '2027-01', minutesUsed: 1 });
    await userUsageProjection.handle(event('ExtraMinutesReserved', '2027-01', 'lying', 59), context);
    expect(usage().minutesUsed).toBe(1);
    await userUsageProjection.handle(event('MinutesReleased', '2027-01', 'lying', 60), context);
    expect(usage().minutesUsed).toBe(0);
  });
});
