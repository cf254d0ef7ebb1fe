import { QueryClient } from '@tanstack/react-query';

/** The spec's query defaults: stale 10 s, cache 2 min, no retry, no refetch on focus. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, gcTime: 120_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
