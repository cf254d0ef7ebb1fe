import type { RecordedEvent } from '../../kernel/events';
import type { Projection, ProjectionContext } from '../../projections/projection';
import type { GivenRole, WorkspaceEvent, WorkspaceRole } from '../events';

export const WORKSPACES_COLLECTION = 'workspaces';
export const WORKSPACE_MEMBERS_COLLECTION = 'workspace_members';
export const WORKSPACE_INVITATIONS_COLLECTION = 'workspace_invitations';

export interface WorkspaceDoc {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly createdAt: string;
  /** A deleted workspace keeps its document so that its leftover members and invitations are known to be dead. */
  readonly deleted: boolean;
}

/** One document per (workspace, member): what the per-request role look-up reads, so a removal counts at once. */
export interface WorkspaceMemberDoc {
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: WorkspaceRole;
  readonly joinedAt: string;
}

/** A pending invitation, found by its id (accept) or its address (the invitee's list). */
export interface WorkspaceInvitationDoc {
  readonly id: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly role: GivenRole;
  readonly invitedBy: string;
  readonly invitedAt: string;
}

export const workspaceMemberId = (workspaceId: string, userId: string) => `${workspaceId}:${userId}`;

export const WORKSPACE_EVENT_TYPES: readonly WorkspaceEvent['type'][] = [
  'WorkspaceCreated',
  'WorkspaceRenamed',
  'WorkspaceMemberInvited',
  'WorkspaceInvitationRevoked',
  'WorkspaceMemberJoined',
  'WorkspaceMemberRoleChanged',
  'WorkspaceMemberRemoved',
  'WorkspaceOwnershipTransferred',
  'WorkspaceDeleted',
];

const member = (
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
  joinedAt: string,
): WorkspaceMemberDoc => ({
  id: workspaceMemberId(workspaceId, userId),
  workspaceId,
  userId,
  role,
  joinedAt,
});

/** Sets a member's role, keeping when they joined (the owner's "joined" is the workspace's creation). */
const withRole = async (
  ctx: ProjectionContext,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
  at: string,
) => {
  const current = await ctx.get<WorkspaceMemberDoc>(
    WORKSPACE_MEMBERS_COLLECTION,
    workspaceMemberId(workspaceId, userId),
  );
  ctx.upsert(WORKSPACE_MEMBERS_COLLECTION, member(workspaceId, userId, role, current?.joinedAt ?? at));
};

const updateWorkspace = async (ctx: ProjectionContext, id: string, change: Partial<WorkspaceDoc>) => {
  const current = await ctx.get<WorkspaceDoc>(WORKSPACES_COLLECTION, id);
  if (current) ctx.upsert(WORKSPACES_COLLECTION, { ...current, ...change });
};

/** Workspaces, their members with roles, and pending invitations: whole-document upserts, so a replay changes nothing. */
export const workspacesProjection: Projection = {
  name: 'workspaces',
  collections: [WORKSPACES_COLLECTION, WORKSPACE_MEMBERS_COLLECTION, WORKSPACE_INVITATIONS_COLLECTION],
  eventTypes: WORKSPACE_EVENT_TYPES,
  async setup(store) {
    await store.collection(WORKSPACE_MEMBERS_COLLECTION).ensureIndex({ fields: ['userId'] });
    await store.collection(WORKSPACE_MEMBERS_COLLECTION).ensureIndex({ fields: ['workspaceId'] });
    await store.collection(WORKSPACE_INVITATIONS_COLLECTION).ensureIndex({ fields: ['email'] });
    await store.collection(WORKSPACE_INVITATIONS_COLLECTION).ensureIndex({ fields: ['workspaceId'] });
  },
  async handle(recorded: RecordedEvent, ctx) {
    const event = { type: recorded.type, data: recorded.data } as WorkspaceEvent;
    switch (event.type) {
      case 'WorkspaceCreated': {
        const { workspaceId, name, ownerId, at } = event.data;
        const doc: WorkspaceDoc = { id: workspaceId, name, ownerId, createdAt: at, deleted: false };
        ctx.upsert(WORKSPACES_COLLECTION, doc);
        ctx.upsert(WORKSPACE_MEMBERS_COLLECTION, member(workspaceId, ownerId, 'owner', at));
        return;
      }
      case 'WorkspaceRenamed':
        return updateWorkspace(ctx, event.data.workspaceId, { name: event.data.name });
      case 'WorkspaceMemberInvited': {
        const { workspaceId, invitationId, email, role, by, at } = event.data;
        const doc: WorkspaceInvitationDoc = {
          id: invitationId,
          workspaceId,
          email,
          role,
          invitedBy: by,
          invitedAt: at,
        };
        ctx.upsert(WORKSPACE_INVITATIONS_COLLECTION, doc);
        return;
      }
      case 'WorkspaceInvitationRevoked':
        ctx.delete(WORKSPACE_INVITATIONS_COLLECTION, event.data.invitationId);
        return;
      case 'WorkspaceMemberJoined': {
        const { workspaceId, invitationId, userId, role, at } = event.data;
        ctx.delete(WORKSPACE_INVITATIONS_COLLECTION, invitationId);
        ctx.upsert(WORKSPACE_MEMBERS_COLLECTION, member(workspaceId, userId, role, at));
        return;
      }
      case 'WorkspaceMemberRoleChanged': {
        const { workspaceId, userId, role, at } = event.data;
        return withRole(ctx, workspaceId, userId, role, at);
      }
      case 'WorkspaceMemberRemoved':
        ctx.delete(
          WORKSPACE_MEMBERS_COLLECTION,
          workspaceMemberId(event.data.workspaceId, event.data.userId),
        );
        return;
      case 'WorkspaceOwnershipTransferred': {
        const { workspaceId, from, to, at } = event.data;
        await withRole(ctx, workspaceId, from, 'admin', at);
        await withRole(ctx, workspaceId, to, 'owner', at);
        return updateWorkspace(ctx, workspaceId, { ownerId: to });
      }
      case 'WorkspaceDeleted': {
        const { workspaceId } = event.data;
        await updateWorkspace(ctx, workspaceId, { deleted: true });
        // Only committed documents are found here; the readers also check `deleted`, so a member joined in the
        // same batch is shut out all the same.
        const filter = { workspaceId };
        for (const m of await ctx.find(WORKSPACE_MEMBERS_COLLECTION, filter))
          ctx.delete(WORKSPACE_MEMBERS_COLLECTION, m.id);
        for (const i of await ctx.find(WORKSPACE_INVITATIONS_COLLECTION, filter))
          ctx.delete(WORKSPACE_INVITATIONS_COLLECTION, i.id);
        return;
      }
    }
  },
};
