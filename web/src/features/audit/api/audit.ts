import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api, ok } from '../../../lib/api-client';

export type SearchBy = 'stream' | 'email' | 'chat' | 'correlation';
export interface SearchRequest {
  readonly by: SearchBy;
  readonly q: string;
  readonly kind?: string;
}

const auditKeys = {
  auth: ['audit', 'check-auth'] as const,
  search: (request: SearchRequest | null) => ['audit', 'search', request] as const,
  events: (streamId: string) => ['audit', 'events', streamId] as const,
  state: (streamId: string, step: number) => ['audit', 'state', streamId, step] as const,
};

/** The kinds of stream an auditor can name, as the server's registry knows them. */
export const STREAM_KINDS = [
  'recording',
  'usage',
  'job',
  'user',
  'user-email',
  'email-verification',
  'user-invitation',
  'chat-session',
  'chat-site',
  'admin',
  'auditor',
  'audit-log',
  'library',
  'live',
  'translation',
  'summary',
  'summary-settings',
  'share-link',
  'api-key',
  'webhooks',
  'webhook-delivery',
  'data-export',
] as const;

const EVENTS_PAGE = 100;

const useAuditorAuth = () =>
  useQuery({ queryKey: auditKeys.auth, queryFn: () => ok(api.audit.checkAuth()), staleTime: 0 });

/** True once the auditor session is confirmed; sends anyone else to the auditor sign-in page. */
export const useAuditorGate = (): boolean => {
  const navigate = useNavigate();
  const auth = useAuditorAuth();
  const checked = auth.isFetchedAfterMount && !auth.isFetching;
  useEffect(() => {
    if (checked && auth.data && !auth.data.isAuthenticated) void navigate({ to: '/audit/login' });
  }, [checked, auth.data, navigate]);
  return auth.data?.isAuthenticated === true && auth.isFetchedAfterMount;
};

export const useAuditorLogin = () =>
  useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      ok(api.audit.login({ body: { username, password } })),
  });

export const useAuditorSignOut = () => {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    try {
      await ok(api.audit.logout());
    } catch (error) {
      console.error('Auditor logout failed', error);
    }
    client.clear();
    void navigate({ to: '/audit/login' });
  };
};

export const useStreamSearch = (request: SearchRequest | null) =>
  useQuery({
    queryKey: auditKeys.search(request),
    queryFn: () => {
      // Never runs without a request (enabled below); the check keeps the types honest.
      if (!request) throw new Error('Nothing to search for');
      const { by, q, kind } = request;
      return ok(api.audit.search({ query: { by, q, ...(kind ? { kind } : {}) } }));
    },
    enabled: request !== null,
  });

/** The stream's events, a page at a time, oldest first. */
export const useStreamEvents = (streamId: string) =>
  useInfiniteQuery({
    queryKey: auditKeys.events(streamId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      ok(api.audit.events({ query: { streamId, from: pageParam, limit: EVENTS_PAGE } })),
    getNextPageParam: (last) => last.nextFrom ?? undefined,
  });

export const useStreamState = (streamId: string, step: number, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.state(streamId, step),
    queryFn: () => ok(api.audit.state({ query: { streamId, step } })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Where the browser downloads an export: a plain link, so the file is saved as the server names it. */
export const exportHref = (streamId: string, format: 'jsonl' | 'pdf') =>
  `/api/audit/export?${new URLSearchParams({ streamId, format }).toString()}`;
