import type { GivenWorkspaceRole } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { workspaceKey, workspacesKey } from './workspaces';

const mineKey = ['workspace-invitations'] as const;

/** GET /api/workspaces/invitations: invitations waiting for the caller's verified address. */
export const useMyInvitations = () =>
  useQuery({ queryKey: mineKey, queryFn: () => ok(api.workspaces.myInvitations()) });

/** Accepting joins the workspace: the invitation leaves the list and the workspace joins the caller's. */
export const useAcceptInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => ok(api.workspaces.accept({ params: { invitationId } })),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: mineKey }),
        client.invalidateQueries({ queryKey: workspacesKey }),
      ]);
    },
  });
};

export const useInvite = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: GivenWorkspaceRole }) =>
      ok(api.workspaces.invite({ params: { workspaceId: id }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKey(id) }),
  });
};

export const useRevokeInvitation = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      ok(api.workspaces.revokeInvitation({ params: { workspaceId: id, invitationId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKey(id) }),
  });
};
