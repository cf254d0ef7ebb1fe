import type { GivenWorkspaceRole, WorkspaceRole } from '@scrivo/contracts';

/**
 * What each role may do on the members page, the API's rules (contracts/src/workspaces) restated so the page shows
 * only the controls the caller's role may use; the API still refuses anything else with a 403 and its reason.
 */
const RANK: Readonly<Record<WorkspaceRole, number>> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export const ROLE_LABEL: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

export const ROLE_HINT: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'renames, deletes and hands over the workspace, and manages everyone',
  admin: 'manages members and viewers',
  member: 'uploads, edits and comments',
  viewer: 'reads, plays and exports',
};

/** The owner and admins invite, change roles, remove people and see pending invitations. */
export const managesMembers = (role: WorkspaceRole) => RANK[role] >= RANK.admin;

/** The roles `role` may give: an admin gives member or viewer, only the owner makes admins. */
export const givableRoles = (role: WorkspaceRole): GivenWorkspaceRole[] =>
  managesMembers(role)
    ? (['admin', 'member', 'viewer'] as const).filter((given) => RANK[role] > RANK[given])
    : [];

/** Whether `role` may change or remove someone who is `other`: only a higher role, and never the owner. */
export const mayManage = (role: WorkspaceRole, other: WorkspaceRole) =>
  managesMembers(role) && other !== 'owner' && RANK[role] > RANK[other];

/** Members and up change what the workspace shares (its voices, its glossary); viewers read it. */
export const changesShared = (role: WorkspaceRole) => RANK[role] >= RANK.member;
