import type { ReadModelStore } from '@scrivo/domain';
import type { RecordingDoc } from '@scrivo/domain/recordings';
import {
  PERSONAL_RETENTION_COLLECTION,
  type PersonalRetentionDoc,
  retentionRemoval,
  type RetentionRemoval,
  WORKSPACE_RETENTION_COLLECTION,
  type WorkspaceRetentionDoc,
} from '@scrivo/domain/workspaces';

/**
 * What each recording's retention (its workspace's, or its owner's for their own space) will remove and when, by
 * recording id (absent: nothing is due): one read of each kind of policy, however many recordings.
 */
export const retentionRemovals = async (
  readModels: ReadModelStore,
  docs: readonly RecordingDoc[],
  now: Date,
): Promise<Map<string, RetentionRemoval>> => {
  const workspaceIds = [...new Set(docs.flatMap((d) => (d.workspaceId ? [d.workspaceId] : [])))];
  const ownerIds = [...new Set(docs.flatMap((d) => (d.workspaceId ? [] : [d.ownerId])))];
  const [workspaces, people] = await Promise.all([
    workspaceIds.length === 0
      ? []
      : readModels
          .collection<WorkspaceRetentionDoc>(WORKSPACE_RETENTION_COLLECTION)
          .find({ id: { $in: workspaceIds } }),
    ownerIds.length === 0
      ? []
      : readModels
          .collection<PersonalRetentionDoc>(PERSONAL_RETENTION_COLLECTION)
          .find({ id: { $in: ownerIds } }),
  ]);
  const workspacePolicy = new Map(workspaces.map((p) => [p.id, p.policy]));
  const personalPolicy = new Map(people.map((p) => [p.id, p.policy]));
  const removals = new Map<string, RetentionRemoval>();
  for (const doc of docs) {
    const policy = doc.workspaceId ? workspacePolicy.get(doc.workspaceId) : personalPolicy.get(doc.ownerId);
    const removal = policy ? retentionRemoval(doc, policy, now.toISOString()) : null;
    if (removal) removals.set(doc.id, removal);
  }
  return removals;
};
