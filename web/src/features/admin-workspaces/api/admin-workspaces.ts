import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

/** Every live workspace, newest first, with its owner and its number of members (asked for once signed in). */
export const useAdminWorkspaces = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'workspaces'] as const,
    queryFn: () => ok(api.workspaces.adminList()),
    enabled,
  });
