import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import type { GivenRole, WorkspaceEvent } from './events';
import { roleMay } from './permissions';
import { type WorkspaceCommand, workspaceDecider, workspaceRole } from './workspace.decider';

const spec = DeciderSpecification.for(workspaceDecider);
const at = '2026-12-05T10:00:00.000Z';
const now = at;
const code = (expected: string) => (error: unknown) =>
  error instanceof DomainError && error.code === expected;

// Ann owns the workspace; Ben is a member, Cleo a viewer, Dina an admin; Ed is an outsider.
const created: WorkspaceEvent = {
  type: 'WorkspaceCreated',
  data: { workspaceId: 'w1', name: 'Payments team', ownerId: 'ann', at },
};
const invited = (invitationId: string, email: string, role: GivenRole, by = 'ann'): WorkspaceEvent => ({
  type: 'WorkspaceMemberInvited',
  data: { workspaceId: 'w1', invitationId, email, addressKey: `key of ${email}`, role, by, at },
});
const joined = (invitationId: string, userId: string, role: GivenRole): WorkspaceEvent => ({
  type: 'WorkspaceMemberJoined',
  data: { workspaceId: 'w1', invitationId, userId, role, at },
});
const team: WorkspaceEvent[] = [
  created,
  invited('i-ben', 'ben@example.com', 'member'),
  joined('i-ben', 'ben', 'member'),
  invited('i-cleo', 'cleo@example.com', 'viewer'),
  joined('i-cleo', 'cleo', 'viewer'),
  invited('i-dina', 'dina@example.com', 'admin'),
  joined('i-dina', 'dina', 'admin'),
];
const invite = (by: string, email: string, role: GivenRole): WorkspaceCommand => ({
  type: 'InviteMember',
  by,
  invitationId: 'i-new',
  email,
  // The API's keyed hash is of the normalised address.
  addressKey: `key of ${email.trim().toLowerCase()}`,
  role,
  now,
});
const remove = (by: string, userId: string): WorkspaceCommand => ({ type: 'RemoveMember', by, userId, now });
const stateAfter = (events: WorkspaceEvent[]) =>
  events.reduce((s, e) => workspaceDecider.evolve(s, e), workspaceDecider.initialState());

describe('a workspace people share', () => {
  it('is created with its creator as owner, the name tidied', () => {
    spec
      .given([])
      .when({ type: 'CreateWorkspace', workspaceId: 'w1', name: '  Payments   team ', ownerId: 'ann', now })
      .then([created]);
    expect(workspaceRole(stateAfter([created]), 'ann')).toBe('owner');
  });

  it('refuses an empty name', () =>
    spec
      .given([])
      .when({ type: 'CreateWorkspace', workspaceId: 'w1', name: ' ', ownerId: 'ann', now })
      .thenThrows(code('VALIDATION_FAILED')));

  describe('invitations', () => {
    it('invites by address, written in lower case, with the role the invitee will have', () =>
      spec
        .given(team)
        .when(invite('dina', ' Fay@Example.com ', 'member'))
        .then([invited('i-new', 'fay@example.com', 'member', 'dina')]));

    it('lets only the owner invite an admin, and only the owner and admins invite at all', () => {
      spec
        .given(team)
        .when(invite('ann', 'fay@example.com', 'admin'))
        .then([invited('i-new', 'fay@example.com', 'admin')]);
      spec
        .given(team)
        .when(invite('dina', 'fay@example.com', 'admin'))
        .thenThrows(code('FORBIDDEN'));
      spec
        .given(team)
        .when(invite('ben', 'fay@example.com', 'viewer'))
        .thenThrows(code('FORBIDDEN'));
      spec
        .given(team)
        .when(invite('cleo', 'fay@example.com', 'viewer'))
        .thenThrows(code('FORBIDDEN'));
    });

    it('tells an outsider nothing: the same answer as a workspace that does not exist', () =>
      spec
        .given(team)
        .when(invite('ed', 'fay@example.com', 'viewer'))
        .thenThrows(code('NOT_FOUND')));

    it('refuses a second invitation to the same address while one is pending', () =>
      spec
        .given([...team, invited('i-fay', 'fay@example.com', 'viewer')])
        .when(invite('ann', 'FAY@example.com', 'member'))
        .thenThrows(code('WORKSPACE_INVITATION_EXISTS')));

    it('is accepted by the account whose verified address it was sent to, with the role it gives', () =>
      spec
        .given([...team, invited('i-fay', 'fay@example.com', 'viewer')])
        .when({
          type: 'AcceptInvitation',
          invitationId: 'i-fay',
          userId: 'fay',
          email: 'Fay@example.com',
          now,
        })
        .then([joined('i-fay', 'fay', 'viewer')]));

    it('cannot be accepted by anyone else, nor twice, nor once revoked', () => {
      const pending = [...team, invited('i-fay', 'fay@example.com', 'viewer')];
      spec
        .given(pending)
        .when({ type: 'AcceptInvitation', invitationId: 'i-fay', userId: 'ed', email: 'ed@example.com', now })
        .thenThrows(code('NOT_FOUND'));
      spec
        .given([...pending, joined('i-fay', 'fay', 'viewer')])
        .when({
          type: 'AcceptInvitation',
          invitationId: 'i-fay',
          userId: 'fay',
          email: 'fay@example.com',
          now,
        })
        .thenThrows(code('NOT_FOUND'));
      spec
        .given([
          ...pending,
          {
            type: 'WorkspaceInvitationRevoked',
            data: { workspaceId: 'w1', invitationId: 'i-fay', by: 'ann', at },
          },
        ])
        .when({
          type: 'AcceptInvitation',
          invitationId: 'i-fay',
          userId: 'fay',
          email: 'fay@example.com',
          now,
        })
        .thenThrows(code('NOT_FOUND'));
    });
    it('is declined by the person invited (their erased account declines what waits for it), once', () => {
      const decline = (email: string): WorkspaceCommand => ({
        type: 'DeclineInvitation',
        invitationId: 'i-fay',
        userId: 'fay',
        email,
        now,
      });
      const pending = [...team, invited('i-fay', 'fay@example.com', 'viewer')];
      const declined: WorkspaceEvent = {
        type: 'WorkspaceInvitationRevoked',
        data: { workspaceId: 'w1', invitationId: 'i-fay', by: 'fay', at },
      };
      spec.given(pending).when(decline('FAY@example.com')).then([declined]);
      spec
        .given([...pending, declined])
        .when(decline('fay@example.com'))
        .then([]);
      spec.given(pending).when(decline('ed@example.com')).then([]);
    });
  });

  describe('members', () => {
    it('are removed by the owner or an admin, and their access ends with it', () => {
      spec
        .given(team)
        .when(remove('dina', 'ben'))
        .then([
          { type: 'WorkspaceMemberRemoved', data: { workspaceId: 'w1', userId: 'ben', by: 'dina', at } },
        ]);
      const after = stateAfter([
        ...team,
        { type: 'WorkspaceMemberRemoved', data: { workspaceId: 'w1', userId: 'ben', by: 'dina', at } },
      ]);
      expect(workspaceRole(after, 'ben')).toBeNull();
    });

    it('may leave of their own accord, except the owner, who hands it over first', () => {
      spec
        .given(team)
        .when(remove('cleo', 'cleo'))
        .then([
          { type: 'WorkspaceMemberRemoved', data: { workspaceId: 'w1', userId: 'cleo', by: 'cleo', at } },
        ]);
      spec.given(team).when(remove('ann', 'ann')).thenThrows(code('FORBIDDEN'));
    });

    it('cannot remove the owner, and an admin cannot remove another admin', () => {
      spec.given(team).when(remove('dina', 'ann')).thenThrows(code('FORBIDDEN'));
      spec
        .given([...team, invited('i-gus', 'gus@example.com', 'admin'), joined('i-gus', 'gus', 'admin')])
        .when(remove('dina', 'gus'))
        .thenThrows(code('FORBIDDEN'));
      spec.given(team).when(remove('ben', 'cleo')).thenThrows(code('FORBIDDEN'));
    });

    it('change roles within what the one changing them may give', () => {
      spec
        .given(team)
        .when({ type: 'ChangeMemberRole', by: 'dina', userId: 'cleo', role: 'member', now })
        .then([
          {
            type: 'WorkspaceMemberRoleChanged',
            data: { workspaceId: 'w1', userId: 'cleo', role: 'member', by: 'dina', at },
          },
        ]);
      spec
        .given(team)
        .when({ type: 'ChangeMemberRole', by: 'dina', userId: 'cleo', role: 'admin', now })
        .thenThrows(code('FORBIDDEN'));
      spec
        .given(team)
        .when({ type: 'ChangeMemberRole', by: 'ann', userId: 'ben', role: 'member', now })
        .thenNothingHappens();
    });

    it('a viewer reads, plays and exports; a member also uploads, edits and comments; an admin manages members', () => {
      const state = stateAfter(team);
      const may = (userId: string) =>
        (['read', 'export', 'comment', 'upload', 'edit', 'manageMembers', 'own'] as const).filter((action) =>
          roleMay(workspaceRole(state, userId), action),
        );
      expect(may('cleo')).toEqual(['read', 'export']);
      expect(may('ben')).toEqual(['read', 'export', 'comment', 'upload', 'edit']);
      expect(may('dina')).toEqual(['read', 'export', 'comment', 'upload', 'edit', 'manageMembers']);
      expect(may('ann')).toEqual(['read', 'export', 'comment', 'upload', 'edit', 'manageMembers', 'own']);
      expect(may('ed')).toEqual([]);
    });
  });

  describe('the owner', () => {
    it('hands the workspace over to a member and stays as an admin', () => {
      spec
        .given(team)
        .when({ type: 'TransferOwnership', by: 'ann', to: 'ben', now })
        .then([
          { type: 'WorkspaceOwnershipTransferred', data: { workspaceId: 'w1', from: 'ann', to: 'ben', at } },
        ]);
      const after = stateAfter([
        ...team,
        { type: 'WorkspaceOwnershipTransferred', data: { workspaceId: 'w1', from: 'ann', to: 'ben', at } },
      ]);
      expect([workspaceRole(after, 'ben'), workspaceRole(after, 'ann'), after.ownerId]).toEqual([
        'owner',
        'admin',
        'ben',
      ]);
    });

    it('alone renames or deletes it; once deleted, nobody reaches it', () => {
      spec
        .given(team)
        .when({ type: 'RenameWorkspace', by: 'dina', name: 'Ours', now })
        .thenThrows(code('FORBIDDEN'));
      spec
        .given(team)
        .when({ type: 'DeleteWorkspace', by: 'ann', now })
        .then([{ type: 'WorkspaceDeleted', data: { workspaceId: 'w1', by: 'ann', at } }]);
      const deleted: WorkspaceEvent = {
        type: 'WorkspaceDeleted',
        data: { workspaceId: 'w1', by: 'ann', at },
      };
      expect(workspaceRole(stateAfter([...team, deleted]), 'ann')).toBeNull();
      spec
        .given([...team, deleted])
        .when(invite('ann', 'fay@example.com', 'viewer'))
        .thenThrows(code('NOT_FOUND'));
    });
  });
});
