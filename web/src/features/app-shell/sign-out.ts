import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/http';

/** The spec's logout: forget all cached data and reload after 100 ms, also when the call fails. */
export const signOut = async (queryClient: QueryClient): Promise<void> => {
  try {
    await apiRequest('POST', '/api/logout');
  } catch {
    // The reload below shows the signed-out state either way.
  } finally {
    queryClient.clear();
    setTimeout(() => window.location.assign('/signin'), 100);
  }
};
