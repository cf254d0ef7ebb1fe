import type { WorkspaceDetail, WorkspaceSummary } from '@scrivo/contracts';
import { NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { USERS, type UserDoc } from '@scrivo/domain/accounts';
import {
  roleMay,
  WORKSPACE_INVITATIONS_COLLECTION,
  WORKSPACE_MEMBERS_COLLECTION,
  type WorkspaceInvitationDoc,
  type WorkspaceMemberDoc,
  WORKSPACE_RETENTION_COLLECTION,
  type WorkspaceRetentionDoc,
  type WorkspaceRole,
} from '@scrivo/domain/workspaces';
import type { WorkspaceMembership } from './workspace-membership';

const RANK: Readonly<Record<WorkspaceRole, number>> = { owner: 0, admin: 1, member: 2, viewer: 3 };
const LIMIT = 1000;

/** The workspace as its list shows it to this user (404 when they are not a member). */
export const workspaceSummary = async (
  membership: WorkspaceMembership,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceSummary> => {
  const workspace = await membership.workspace(workspaceId);
  const role = await membership.role(userId, workspaceId);
  if (!workspace || role === null) throw new NotFoundError('Workspace', workspaceId);
  return { id: workspace.id, name: workspace.name, role };
};

/**
 * The members page: members with their names and addresses (owner first, then by role and name), and, for those
 * who manage members, the pending invitations. Every write on a workspace answers with it too.
 */
export const workspaceDetail = async (
  readModels: ReadModelStore,
  membership: WorkspaceMembership,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceDetail> => {
  const summary = await workspaceSummary(membership, userId, workspaceId);
  const memberDocs = await readModels
    .collection<WorkspaceMemberDoc>(WORKSPACE_MEMBERS_COLLECTION)
    .find({ workspaceId }, { limit: LIMIT });
  const users = await readModels
    .collection<UserDoc>(USERS)
    .find({ id: { $in: memberDocs.map((m) => m.userId) } }, { limit: LIMIT });
  const byId = new Map(users.map((u) => [u.id, u]));
  const members = memberDocs
    .map((m) => {
      const user = byId.get(m.userId);
      return {
        userId: m.userId,
        name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
        email: user?.email ?? '',
        role: m.role,
        joinedAt: m.joinedAt,
      };
    })
    .sort(
      (a, b) =>
        RANK[a.role] - RANK[b.role] || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId),
    );
  const invitations = roleMay(summary.role, 'manageMembers')
    ? (
        await readModels.collection<WorkspaceInvitationDoc>(WORKSPACE_INVITATIONS_COLLECTION).find(
          { workspaceId },
          {
            sort: [
              { field: 'invitedAt', direction: 'asc' },
              { field: 'id', direction: 'asc' },
            ],
            limit: LIMIT,
          },
        )
      ).map((i) => ({ id: i.id, email: i.email, role: i.role, invitedAt: i.invitedAt }))
    : [];
  const retention = await readModels
    .collection<WorkspaceRetentionDoc>(WORKSPACE_RETENTION_COLLECTION)
    .get(workspaceId);
  return { ...summary, members, invitations, retention: retention?.policy ?? null };
};
