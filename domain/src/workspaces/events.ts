import type { DomainEvent } from '../kernel/events';
import type { RetentionPolicy } from './retention';

/** What a person may do in a workspace (docs/workspaces.md): each role can do what the one after it can, and more. */
export type WorkspaceRole = 'owner' | 'admin' | 'member' | 'viewer';
/** The roles an invitation or a change can give: a workspace has one owner, changed only by handing it over. */
export type GivenRole = Exclude<WorkspaceRole, 'owner'>;

// ---- one workspace: `workspace-{workspaceId}` ----
export type WorkspaceCreated = DomainEvent<
  'WorkspaceCreated',
  { workspaceId: string; name: string; ownerId: string; at: string }
>;
export type WorkspaceRenamed = DomainEvent<
  'WorkspaceRenamed',
  { workspaceId: string; name: string; by: string; at: string }
>;
/**
 * Someone was asked to join; they join by accepting, signed in with this (verified) address. `addressKey` is the
 * address's keyed hash (EmailStreamNames.keyOf): `email` is sealed with that address's own key, erased with the
 * account that owns the address, since the workspace's stream outlives the person invited.
 */
export type WorkspaceMemberInvited = DomainEvent<
  'WorkspaceMemberInvited',
  {
    workspaceId: string;
    invitationId: string;
    email: string;
    addressKey: string;
    role: GivenRole;
    by: string;
    at: string;
  }
>;
/** Taken back by an owner or admin, or declined by the person invited (`by` is then their user id). */
export type WorkspaceInvitationRevoked = DomainEvent<
  'WorkspaceInvitationRevoked',
  { workspaceId: string; invitationId: string; by: string; at: string }
>;
export type WorkspaceMemberJoined = DomainEvent<
  'WorkspaceMemberJoined',
  { workspaceId: string; invitationId: string; userId: string; role: GivenRole; at: string }
>;
export type WorkspaceMemberRoleChanged = DomainEvent<
  'WorkspaceMemberRoleChanged',
  { workspaceId: string; userId: string; role: GivenRole; by: string; at: string }
>;
/** Removed by an owner or admin, or left of their own accord (`by` is then themselves); access ends at once. */
export type WorkspaceMemberRemoved = DomainEvent<
  'WorkspaceMemberRemoved',
  { workspaceId: string; userId: string; by: string; at: string }
>;
/** The owner handed the workspace to a member, and became one of its admins. */
export type WorkspaceOwnershipTransferred = DomainEvent<
  'WorkspaceOwnershipTransferred',
  { workspaceId: string; from: string; to: string; at: string }
>;
/** Recordings in the workspace are removed this long after their upload from now on (null: kept until deleted). */
export type WorkspaceRetentionSet = DomainEvent<
  'WorkspaceRetentionSet',
  { workspaceId: string; policy: RetentionPolicy | null; by: string; at: string }
>;
export type WorkspaceDeleted = DomainEvent<
  'WorkspaceDeleted',
  { workspaceId: string; by: string; at: string }
>;

export type WorkspaceEvent =
  | WorkspaceCreated
  | WorkspaceRenamed
  | WorkspaceMemberInvited
  | WorkspaceInvitationRevoked
  | WorkspaceMemberJoined
  | WorkspaceMemberRoleChanged
  | WorkspaceMemberRemoved
  | WorkspaceOwnershipTransferred
  | WorkspaceRetentionSet
  | WorkspaceDeleted;

export const workspaceStream = (workspaceId: string) => `workspace-${workspaceId}`;
