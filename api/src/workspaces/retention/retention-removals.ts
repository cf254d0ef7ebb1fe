import type { ReadModelStore } from '@scrivo/domain';
import type { RecordingDoc } from '@scrivo/domain/recordings';
import {
  retentionRemoval,
  type RetentionRemoval,
  WORKSPACE_RETENTION_COLLECTION,
  type WorkspaceRetentionDoc,
} from '@scrivo/domain/workspaces';

/**
 * What each recording's workspace retention will remove and when, by recording id (absent: nothing is due): one read
 * of the policies of the workspaces the recordings are in, however many recordings.
 */
export const retentionRemovals = async (
  readModels: ReadModelStore,
  docs: readonly RecordingDoc[],
  now: Date,
): Promise<Map<string, RetentionRemoval>> => {
  const workspaceIds = [...new Set(docs.flatMap((d) => (d.workspaceId ? [d.workspaceId] : [])))];
  if (workspaceIds.length === 0) return new Map();
  const policies = await readModels
    .collection<WorkspaceRetentionDoc>(WORKSPACE_RETENTION_COLLECTION)
    .find({ id: { $in: workspaceIds } });
  const policyOf = new Map(policies.map((p) => [p.id, p.policy]));
  const removals = new Map<string, RetentionRemoval>();
  for (const doc of docs) {
    const policy = doc.workspaceId ? policyOf.get(doc.workspaceId) : undefined;
    const removal = policy ? retentionRemoval(doc, policy, now.toISOString()) : null;
    if (removal) removals.set(doc.id, removal);
  }
  return removals;
};
