import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { GivenRole, WorkspaceEvent, WorkspaceRole } from './events';
import { outranks, roleMay, type WorkspaceAction, WORKSPACE_REFUSAL } from './permissions';
import { checkedRetention, type RetentionPolicy } from './retention';

export const MAX_WORKSPACE_NAME_LENGTH = 80;

export interface PendingInvitation {
  readonly email: string;
  readonly role: GivenRole;
}

export interface WorkspaceState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly workspaceId: string;
  readonly name: string;
  readonly ownerId: string;
  /** Each member's role, by user id (the owner included). */
  readonly members: Readonly<Record<string, WorkspaceRole>>;
  /** Invitations not yet accepted or revoked, by invitation id. */
  readonly invitations: Readonly<Record<string, PendingInvitation>>;
  /** How long its recordings are kept after upload; null: until someone deletes them. */
  readonly retention: RetentionPolicy | null;
}

export type WorkspaceCommand =
  | { type: 'CreateWorkspace'; workspaceId: string; name: string; ownerId: string; now: string }
  | { type: 'RenameWorkspace'; by: string; name: string; now: string }
  /** `addressKey`: the address's keyed hash, which names the key that seals it (events.ts). */
  | {
      type: 'InviteMember';
      by: string;
      invitationId: string;
      email: string;
      addressKey: string;
      role: GivenRole;
      now: string;
    }
  | { type: 'RevokeInvitation'; by: string; invitationId: string; now: string }
  /** The person invited says no (`email`: their verified address; an erased account declines what waits for it). */
  | { type: 'DeclineInvitation'; invitationId: string; userId: string; email: string; now: string }
  /** `email` is the accepting account's verified address: an invitation is for an address, not for whoever has its id. */
  | { type: 'AcceptInvitation'; invitationId: string; userId: string; email: string; now: string }
  | { type: 'ChangeMemberRole'; by: string; userId: string; role: GivenRole; now: string }
  | { type: 'RemoveMember'; by: string; userId: string; now: string }
  | { type: 'TransferOwnership'; by: string; to: string; now: string }
  | { type: 'SetRetention'; by: string; policy: RetentionPolicy | null; now: string }
  | { type: 'DeleteWorkspace'; by: string; now: string };

const initialState = (): WorkspaceState => ({
  exists: false,
  deleted: false,
  workspaceId: '',
  name: '',
  ownerId: '',
  members: {},
  invitations: {},
  retention: null,
});

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);
const forbidden = (message: string) => new DomainError('FORBIDDEN', message);

const checkedName = (name: string): string => {
  const tidy = name.trim().replace(/\s+/g, ' ');
  if (!tidy) throw invalid('A workspace needs a name.');
  if (tidy.length > MAX_WORKSPACE_NAME_LENGTH)
    throw invalid(`A workspace name is at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`);
  return tidy;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const checkedEmail = (email: string): string => {
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address)) throw invalid('This is not an email address.');
  return address;
};

/**
 * The caller's role, for a command only members may give. Someone who is not a member learns nothing, not even
 * that the workspace exists: the same answer as a workspace that does not.
 */
const roleOf = (state: WorkspaceState, userId: string, action: WorkspaceAction): WorkspaceRole => {
  const role = state.members[userId];
  if (!role) throw new NotFoundError('Workspace', state.workspaceId);
  if (!roleMay(role, action)) throw forbidden(WORKSPACE_REFUSAL[action]);
  return role;
};

/** A member the caller may act on: an admin manages members and viewers, the owner everyone but themselves. */
const manageable = (state: WorkspaceState, by: WorkspaceRole, userId: string): WorkspaceRole => {
  const role = state.members[userId];
  if (!role) throw new NotFoundError('Workspace member', userId);
  if (role === 'owner')
    throw forbidden('The owner stays until they hand the workspace over to someone else.');
  if (!outranks(by, role)) throw forbidden('Only the owner manages the admins of a workspace.');
  return role;
};

/** A workspace that people share: its name, its owner, members with roles, and invitations by email address. */
export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceEvent, WorkspaceState> = {
  initialState,
  decide(command, state) {
    if (command.type === 'CreateWorkspace') {
      if (state.exists) throw new DomainError('CONFLICT', 'This workspace already exists.');
      return [
        {
          type: 'WorkspaceCreated',
          data: {
            workspaceId: command.workspaceId,
            name: checkedName(command.name),
            ownerId: command.ownerId,
            at: command.now,
          },
        },
      ];
    }
    if (!state.exists || state.deleted) throw new NotFoundError('Workspace', state.workspaceId);
    const workspaceId = state.workspaceId;
    const at = command.now;
    switch (command.type) {
      case 'RenameWorkspace': {
        roleOf(state, command.by, 'own');
        const name = checkedName(command.name);
        if (name === state.name) return [];
        return [{ type: 'WorkspaceRenamed', data: { workspaceId, name, by: command.by, at } }];
      }
      case 'InviteMember': {
        const by = roleOf(state, command.by, 'manageMembers');
        if (!outranks(by, command.role)) throw forbidden('Only the owner invites admins.');
        const email = checkedEmail(command.email);
        if (Object.values(state.invitations).some((i) => i.email === email))
          throw new DomainError(
            'WORKSPACE_INVITATION_EXISTS',
            `${email} is already invited to this workspace.`,
          );
        return [
          {
            type: 'WorkspaceMemberInvited',
            data: {
              workspaceId,
              invitationId: command.invitationId,
              email,
              addressKey: command.addressKey,
              role: command.role,
              by: command.by,
              at,
            },
          },
        ];
      }
      case 'RevokeInvitation': {
        roleOf(state, command.by, 'manageMembers');
        if (!state.invitations[command.invitationId])
          throw new NotFoundError('Workspace invitation', command.invitationId);
        return [
          {
            type: 'WorkspaceInvitationRevoked',
            data: { workspaceId, invitationId: command.invitationId, by: command.by, at },
          },
        ];
      }
      case 'DeclineInvitation': {
        const invitation = state.invitations[command.invitationId];
        // Declined already, or never theirs: nothing to say no to.
        if (!invitation || invitation.email !== command.email.trim().toLowerCase()) return [];
        return [
          {
            type: 'WorkspaceInvitationRevoked',
            data: { workspaceId, invitationId: command.invitationId, by: command.userId, at },
          },
        ];
      }
      case 'AcceptInvitation': {
        const invitation = state.invitations[command.invitationId];
        // Someone else's invitation is as not found as none: its id proves nothing.
        if (!invitation || invitation.email !== command.email.trim().toLowerCase())
          throw new NotFoundError('Workspace invitation', command.invitationId);
        if (state.members[command.userId])
          throw new DomainError('CONFLICT', 'You are already a member of this workspace.');
        return [
          {
            type: 'WorkspaceMemberJoined',
            data: {
              workspaceId,
              invitationId: command.invitationId,
              userId: command.userId,
              role: invitation.role,
              at,
            },
          },
        ];
      }
      case 'ChangeMemberRole': {
        const by = roleOf(state, command.by, 'manageMembers');
        const role = manageable(state, by, command.userId);
        if (!outranks(by, command.role)) throw forbidden('Only the owner makes someone an admin.');
        if (role === command.role) return [];
        return [
          {
            type: 'WorkspaceMemberRoleChanged',
            data: { workspaceId, userId: command.userId, role: command.role, by: command.by, at },
          },
        ];
      }
      case 'RemoveMember': {
        const leaving = command.by === command.userId;
        if (leaving) {
          const role = roleOf(state, command.by, 'read');
          if (role === 'owner')
            throw forbidden('Hand the workspace over to another member before you leave it, or delete it.');
        } else manageable(state, roleOf(state, command.by, 'manageMembers'), command.userId);
        return [
          {
            type: 'WorkspaceMemberRemoved',
            data: { workspaceId, userId: command.userId, by: command.by, at },
          },
        ];
      }
      case 'TransferOwnership': {
        roleOf(state, command.by, 'own');
        if (!state.members[command.to] || command.to === command.by)
          throw new NotFoundError('Workspace member', command.to);
        return [
          {
            type: 'WorkspaceOwnershipTransferred',
            data: { workspaceId, from: command.by, to: command.to, at },
          },
        ];
      }
      case 'SetRetention': {
        roleOf(state, command.by, 'setRetention');
        const policy = command.policy === null ? null : checkedRetention(command.policy);
        const same =
          policy === null || state.retention === null
            ? policy === state.retention
            : policy.days === state.retention.days && policy.scope === state.retention.scope;
        if (same) return [];
        return [{ type: 'WorkspaceRetentionSet', data: { workspaceId, policy, by: command.by, at } }];
      }
      case 'DeleteWorkspace':
        roleOf(state, command.by, 'own');
        return [{ type: 'WorkspaceDeleted', data: { workspaceId, by: command.by, at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WorkspaceCreated':
        return {
          ...state,
          exists: true,
          workspaceId: event.data.workspaceId,
          name: event.data.name,
          ownerId: event.data.ownerId,
          members: { [event.data.ownerId]: 'owner' },
        };
      case 'WorkspaceRenamed':
        return { ...state, name: event.data.name };
      case 'WorkspaceMemberInvited':
        return {
          ...state,
          invitations: {
            ...state.invitations,
            [event.data.invitationId]: { email: event.data.email, role: event.data.role },
          },
        };
      case 'WorkspaceInvitationRevoked':
        return { ...state, invitations: without(state.invitations, event.data.invitationId) };
      case 'WorkspaceMemberJoined':
        return {
          ...state,
          members: { ...state.members, [event.data.userId]: event.data.role },
          invitations: without(state.invitations, event.data.invitationId),
        };
      case 'WorkspaceMemberRoleChanged':
        return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
      case 'WorkspaceMemberRemoved':
        return { ...state, members: without(state.members, event.data.userId) };
      case 'WorkspaceOwnershipTransferred':
        return {
          ...state,
          ownerId: event.data.to,
          members: { ...state.members, [event.data.from]: 'admin', [event.data.to]: 'owner' },
        };
      case 'WorkspaceRetentionSet':
        return { ...state, retention: event.data.policy };
      case 'WorkspaceDeleted':
        return { ...state, deleted: true };
    }
  },
};

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** The role of `userId` in the workspace, or null for anyone else and for a deleted workspace. */
export const workspaceRole = (state: WorkspaceState, userId: string): WorkspaceRole | null =>
  state.exists && !state.deleted ? (state.members[userId] ?? null) : null;
