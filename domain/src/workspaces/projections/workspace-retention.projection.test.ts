import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../kernel/events';
import type { Doc } from '../../ports/read-model-store';
import type { ProjectionContext } from '../../projections/projection';
import type { WorkspaceEvent } from '../events';
import type { RetentionPolicy } from '../retention';
import {
  WORKSPACE_RETENTION_COLLECTION,
  workspaceRetentionProjection,
} from './workspace-retention.projection';

const docs = new Map<string, Doc>();
const context: ProjectionContext = {
  get: async <T extends Doc>(_: string, id: string) => (docs.get(id) as T | undefined) ?? null,
  find: async () => [],
  upsert: (_, doc) => docs.set(doc.id, doc),
  delete: (_, id) => docs.delete(id),
};
let position = 0;
const recorded = (event: Pick<WorkspaceEvent, 'type' | 'data'>): RecordedEvent => ({
  streamId: `workspace-${event.data.workspaceId}`,
  type: event.type,
  schemaVersion: 1,
  data: event.data,
  metadata: {
    eventId: `e${position}`,
    correlationId: 'c',
    causationId: null,
    actor: { kind: 'user', id: 'ann' },
    occurredAt: '',
  },
  streamRevision: position,
  globalPosition: ++position,
});
const handle = (event: Pick<WorkspaceEvent, 'type' | 'data'>) =>
  workspaceRetentionProjection.handle(recorded(event), context);
const at = '2026-12-05T10:00:00.000Z';

describe('the workspace-retention projection (what the retention timer walks)', () => {
  it('holds each workspace with a policy, and forgets it when the policy is turned off or the workspace deleted', async () => {
    expect(workspaceRetentionProjection.collections).toEqual([WORKSPACE_RETENTION_COLLECTION]);
    const policy: RetentionPolicy = { days: 30, scope: 'recording' };
    await handle({ type: 'WorkspaceRetentionSet', data: { workspaceId: 'w1', policy, by: 'ann', at } });
    await handle({ type: 'WorkspaceRetentionSet', data: { workspaceId: 'w2', policy, by: 'ann', at } });
    expect(docs.get('w1')).toEqual({ id: 'w1', policy });
    await handle({ type: 'WorkspaceRetentionSet', data: { workspaceId: 'w1', policy: null, by: 'ann', at } });
    await handle({ type: 'WorkspaceDeleted', data: { workspaceId: 'w2', by: 'ann', at } });
    expect([...docs.keys()]).toEqual([]);
  });
});
