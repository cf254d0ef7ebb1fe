import type { WorkspaceRole } from './events';

/**
 * What each role may do, as one table: a viewer reads, plays and exports; a member also uploads, edits and comments;
 * an admin also manages members and sets the retention of recordings; only the owner renames, deletes or hands the
 * workspace over.
 */
export type WorkspaceAction =
  'read' | 'export' | 'comment' | 'upload' | 'edit' | 'manageMembers' | 'setRetention' | 'own';

const RANK: Readonly<Record<WorkspaceRole, number>> = { viewer: 0, member: 1, admin: 2, owner: 3 };
const LEAST_ROLE: Readonly<Record<WorkspaceAction, WorkspaceRole>> = {
  read: 'viewer',
  export: 'viewer',
  comment: 'member',
  upload: 'member',
  edit: 'member',
  manageMembers: 'admin',
  setRetention: 'admin',
  own: 'owner',
};

/**
 * Why a member whose role is too low is refused an action (403), in the words the API answers with: the decider's
 * refusals and the API's per-request role check (api/src/workspaces/support/workspace-membership.ts) both use it.
 * `read` and `export` are every role's, so only someone outside reaches them, and they are answered 404 first.
 */
export const WORKSPACE_REFUSAL: Readonly<Record<WorkspaceAction, string>> = {
  read: 'You are not a member of this workspace.',
  export: 'You are not a member of this workspace.',
  comment: 'Viewers of this workspace cannot comment; ask an admin for the member role.',
  upload: 'Viewers of this workspace cannot upload; ask an admin for the member role.',
  edit: 'Viewers of this workspace cannot edit; ask an admin for the member role.',
  manageMembers: 'Only the owner and admins of this workspace manage its members.',
  setRetention: 'Only the owner and admins of this workspace set how long its recordings are kept.',
  own: 'Only the owner of this workspace can do this.',
};

/** Whether `role` (null: not a member) may do `action`. */
export const roleMay = (role: WorkspaceRole | null, action: WorkspaceAction): boolean =>
  role !== null && RANK[role] >= RANK[LEAST_ROLE[action]];

/** Whether `role` outranks `other`: an admin manages members and viewers, only the owner manages admins. */
export const outranks = (role: WorkspaceRole, other: WorkspaceRole): boolean => RANK[role] > RANK[other];
