import { beforeEach, describe, expect, it } from 'vitest';
import { projectionUnderTest, type ProjectionUnderTest } from '../../testing';
import type { GivenRole, WorkspaceEvent } from '../events';
import {
  WORKSPACE_INVITATIONS_COLLECTION,
  WORKSPACE_MEMBERS_COLLECTION,
  WORKSPACES_COLLECTION,
  workspacesProjection,
} from './workspaces.projection';

const at = '2026-12-05T10:00:00.000Z';
const later = '2026-12-06T10:00:00.000Z';
let projection: ProjectionUnderTest;
const collection = (name: string) => projection.docs(name);
const apply = (...events: WorkspaceEvent[]) => projection.apply(...events);
const store = () =>
  [WORKSPACES_COLLECTION, WORKSPACE_MEMBERS_COLLECTION, WORKSPACE_INVITATIONS_COLLECTION].map((name) => [
    name,
    [...collection(name).entries()],
  ]);
const members = () => [...collection(WORKSPACE_MEMBERS_COLLECTION).values()];
const invitations = () => [...collection(WORKSPACE_INVITATIONS_COLLECTION).values()];

const created: WorkspaceEvent = {
  type: 'WorkspaceCreated',
  data: { workspaceId: 'w1', name: 'Payments team', ownerId: 'ann', at },
};
const invited = (invitationId: string, email: string, role: GivenRole): WorkspaceEvent => ({
  type: 'WorkspaceMemberInvited',
  data: { workspaceId: 'w1', invitationId, email, addressKey: `key of ${email}`, role, by: 'ann', at },
});
const joined = (invitationId: string, userId: string, role: GivenRole): WorkspaceEvent => ({
  type: 'WorkspaceMemberJoined',
  data: { workspaceId: 'w1', invitationId, userId, role, at },
});

describe('the workspaces projection: workspaces, members with roles, pending invitations', () => {
  beforeEach(() => {
    projection = projectionUnderTest(workspacesProjection, {
      streamId: () => 'workspace-w1',
      actor: { kind: 'user', id: 'ann' },
      occurredAt: at,
    });
  });

  it('makes the creator the owner, and an invitation a member once accepted', async () => {
    await apply(created, invited('i-ben', 'ben@example.com', 'member'));
    expect(invitations()).toEqual([
      {
        id: 'i-ben',
        workspaceId: 'w1',
        email: 'ben@example.com',
        role: 'member',
        invitedBy: 'ann',
        invitedAt: at,
      },
    ]);
    await apply(joined('i-ben', 'ben', 'member'));
    expect(invitations()).toEqual([]);
    expect(members()).toEqual([
      { id: 'w1:ann', workspaceId: 'w1', userId: 'ann', role: 'owner', joinedAt: at },
      { id: 'w1:ben', workspaceId: 'w1', userId: 'ben', role: 'member', joinedAt: at },
    ]);
  });

  it('changes roles keeping when they joined, hands over, and forgets a removed member at once', async () => {
    await apply(created, invited('i-ben', 'ben@example.com', 'member'), joined('i-ben', 'ben', 'member'));
    await apply(
      {
        type: 'WorkspaceMemberRoleChanged',
        data: { workspaceId: 'w1', userId: 'ben', role: 'viewer', by: 'ann', at: later },
      },
      {
        type: 'WorkspaceOwnershipTransferred',
        data: { workspaceId: 'w1', from: 'ann', to: 'ben', at: later },
      },
    );
    expect(members().map((m) => [m.id, (m as unknown as { role: string }).role])).toEqual([
      ['w1:ann', 'admin'],
      ['w1:ben', 'owner'],
    ]);
    expect(collection(WORKSPACES_COLLECTION).get('w1')).toMatchObject({ ownerId: 'ben' });
    await apply({
      type: 'WorkspaceMemberRemoved',
      data: { workspaceId: 'w1', userId: 'ann', by: 'ben', at: later },
    });
    expect(members().map((m) => m.id)).toEqual(['w1:ben']);
  });

  it('marks a deleted workspace and drops its members and invitations', async () => {
    await apply(
      created,
      invited('i-ben', 'ben@example.com', 'member'),
      invited('i-cleo', 'cleo@example.com', 'viewer'),
    );
    await apply(joined('i-ben', 'ben', 'member'), {
      type: 'WorkspaceDeleted',
      data: { workspaceId: 'w1', by: 'ann', at },
    });
    expect(collection(WORKSPACES_COLLECTION).get('w1')).toMatchObject({ deleted: true });
    expect([members(), invitations()]).toEqual([[], []]);
  });

  it('leaves the documents as they were when an event is applied again', async () => {
    await apply(created, invited('i-ben', 'ben@example.com', 'member'), joined('i-ben', 'ben', 'member'));
    const before = JSON.stringify(store());
    await apply(created, joined('i-ben', 'ben', 'member'));
    expect(JSON.stringify(store())).toBe(before);
  });
});
