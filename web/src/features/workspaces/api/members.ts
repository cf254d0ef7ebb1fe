import type { GivenWorkspaceRole } from '@scrivo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { workspaceKey } from './workspaces';

/** Change a member's role; the answer is the members page as it now is, so it replaces the cached one. */
export const useChangeRole = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: GivenWorkspaceRole }) =>
      ok(api.workspaces.changeRole({ params: { workspaceId: id, userId }, body: { role } })),
    onSuccess: (detail) => client.setQueryData(workspaceKey(id), detail),
  });
};

export const useRemoveMember = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => ok(api.workspaces.removeMember({ params: { workspaceId: id, userId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKey(id) }),
  });
};
