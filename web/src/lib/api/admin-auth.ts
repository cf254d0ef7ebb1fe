import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../api-client';

/** The admin session check every admin page starts from. */
export const useAdminAuth = () =>
  useQuery({
    queryKey: ['admin', 'check-auth'],
    queryFn: () => ok(api.accounts.adminCheckAuth()),
    staleTime: 0,
  });
