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

/** Whether `role` (null: not a member) may do `action`. */
export const roleMay = (role: WorkspaceRole | null, action: WorkspaceAction): boolean =>
  role !== null && RANK[role] >= RANK[LEAST_ROLE[action]];

/** Whether `role` outranks `other`: an admin manages members and viewers, only the owner manages admins. */
export const outranks = (role: WorkspaceRole, other: WorkspaceRole): boolean => RANK[role] > RANK[other];
