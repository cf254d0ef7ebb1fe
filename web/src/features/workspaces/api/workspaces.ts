import type { RetentionPolicy } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

/** Every workspace query sits under this key, so a change to one refreshes the list, the switcher and the page. */
export const workspacesKey = ['workspaces'] as const;
const listKey = [...workspacesKey, 'list'] as const;
export const workspaceKey = (id: string) => [...workspacesKey, 'detail', id] as const;

/** GET /api/workspaces: the caller's workspaces with their role in each. */
export const useWorkspaces = () => useQuery({ queryKey: listKey, queryFn: () => ok(api.workspaces.list()) });

/** GET /api/workspaces/:id: the members page (pending invitations only for the owner and admins). */
export const useWorkspace = (id: string) =>
  useQuery({
    queryKey: workspaceKey(id),
    queryFn: () => ok(api.workspaces.get({ params: { workspaceId: id } })),
  });

/** A mutation whose success refreshes every workspace query: lists, pages and the switcher alike. */
const useWorkspacesMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: workspacesKey }),
  });
};

export const useCreateWorkspace = () =>
  useWorkspacesMutation((name: string) => ok(api.workspaces.create({ body: { name } })));

export const useRenameWorkspace = () =>
  useWorkspacesMutation(({ id, name }: { id: string; name: string }) =>
    ok(api.workspaces.rename({ params: { workspaceId: id }, body: { name } })),
  );

export const useDeleteWorkspace = () =>
  useWorkspacesMutation((id: string) => ok(api.workspaces.delete({ params: { workspaceId: id } })));

export const useLeaveWorkspace = () =>
  useWorkspacesMutation((id: string) => ok(api.workspaces.leave({ params: { workspaceId: id } })));

/** Hand the workspace over to a member: they become the owner, the caller stays as an admin. */
export const useHandOverWorkspace = () =>
  useWorkspacesMutation(({ id, userId }: { id: string; userId: string }) =>
    ok(api.workspaces.transfer({ params: { workspaceId: id }, body: { userId } })),
  );

/** How long the workspace keeps its recordings (owner and admins); null turns it off. */
export const useSetRetention = (id: string) =>
  useWorkspacesMutation((policy: RetentionPolicy | null) =>
    ok(api.workspaces.setRetention({ params: { workspaceId: id }, body: { policy } })),
  );
