import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { WorkspaceDeleted, WorkspaceRetentionSet } from '../events';
import type { PersonalRetentionSet } from '../personal-retention';
import type { RetentionPolicy } from '../retention';

export const WORKSPACE_RETENTION_COLLECTION = 'workspace_retention';

/** A workspace that keeps its recordings only so long after their upload. */
export interface WorkspaceRetentionDoc {
  /** The workspace's id. */
  readonly id: string;
  readonly policy: RetentionPolicy;
}

/**
 * The workspaces with a retention policy, one document each: the daily timer walks these instead of every
 * workspace, and a recording's view reads its workspace's date from here.
 */
export const workspaceRetentionProjection: Projection = {
  name: 'workspace-retention',
  collections: [WORKSPACE_RETENTION_COLLECTION],
  eventTypes: ['WorkspaceRetentionSet', 'WorkspaceDeleted'],
  handle(raw: RecordedEvent, context) {
    const event = { type: raw.type, data: raw.data } as WorkspaceRetentionSet | WorkspaceDeleted;
    const id = event.data.workspaceId;
    if (event.type === 'WorkspaceRetentionSet' && event.data.policy !== null) {
      const doc: WorkspaceRetentionDoc = { id, policy: event.data.policy };
      context.upsert(WORKSPACE_RETENTION_COLLECTION, doc);
    } else context.delete(WORKSPACE_RETENTION_COLLECTION, id);
  },
};

export const PERSONAL_RETENTION_COLLECTION = 'personal_retention';

/** A person who keeps the recordings of their own space only so long after their upload (id: their user id). */
export interface PersonalRetentionDoc {
  readonly id: string;
  readonly policy: RetentionPolicy;
}

/** The people with a policy for their own space: the timer walks these beside the workspaces. */
export const personalRetentionProjection: Projection = {
  name: 'personal-retention',
  collections: [PERSONAL_RETENTION_COLLECTION],
  eventTypes: ['PersonalRetentionSet'],
  handle(raw: RecordedEvent, context) {
    const { userId, policy } = raw.data as PersonalRetentionSet['data'];
    if (policy === null) return context.delete(PERSONAL_RETENTION_COLLECTION, userId);
    const doc: PersonalRetentionDoc = { id: userId, policy };
    context.upsert(PERSONAL_RETENTION_COLLECTION, doc);
  },
};
