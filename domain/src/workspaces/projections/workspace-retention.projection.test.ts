import { describe, expect, it } from 'vitest';
import { projectionUnderTest } from '../../testing';
import type { RetentionPolicy } from '../retention';
import {
  PERSONAL_RETENTION_COLLECTION,
  personalRetentionProjection,
  WORKSPACE_RETENTION_COLLECTION,
  workspaceRetentionProjection,
} from './workspace-retention.projection';

const at = '2026-12-05T10:00:00.000Z';

describe('the workspace-retention projection (what the retention timer walks)', () => {
  it('holds each workspace with a policy, and forgets it when the policy is turned off or the workspace deleted', async () => {
    const projection = projectionUnderTest(workspaceRetentionProjection, {
      streamId: () => 'workspace-w',
    });
    expect(workspaceRetentionProjection.collections).toEqual([WORKSPACE_RETENTION_COLLECTION]);
    const policy: RetentionPolicy = { days: 30, scope: 'recording' };
    await projection.apply(
      { type: 'WorkspaceRetentionSet', data: { workspaceId: 'w1', policy, by: 'ann', at } },
      { type: 'WorkspaceRetentionSet', data: { workspaceId: 'w2', policy, by: 'ann', at } },
    );
    const docs = projection.docs(WORKSPACE_RETENTION_COLLECTION);
    expect(docs.get('w1')).toEqual({ id: 'w1', policy });
    await projection.apply(
      { type: 'WorkspaceRetentionSet', data: { workspaceId: 'w1', policy: null, by: 'ann', at } },
      { type: 'WorkspaceDeleted', data: { workspaceId: 'w2', by: 'ann', at } },
    );
    expect([...docs.keys()]).toEqual([]);
  });

  it('holds each person with a policy for their own space, and forgets it when they turn it off', async () => {
    const projection = projectionUnderTest(personalRetentionProjection, {
      streamId: () => 'personal-retention-ann',
    });
    const policy: RetentionPolicy = { days: 90, scope: 'media' };
    await projection.apply({ type: 'PersonalRetentionSet', data: { userId: 'ann', policy, at } });
    const docs = projection.docs(PERSONAL_RETENTION_COLLECTION);
    expect(docs.get('ann')).toEqual({ id: 'ann', policy });
    await projection.apply({ type: 'PersonalRetentionSet', data: { userId: 'ann', policy: null, at } });
    expect([...docs.keys()]).toEqual([]);
  });
});
