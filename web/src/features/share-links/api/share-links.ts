import type { CreateShareLinkBody } from '@scrivo/contracts/share-links/share-links.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const shareLinkKeys = {
  list: (recordingId: string) => ['share-links', recordingId] as const,
  shared: (token: string) => ['shared', token] as const,
};

/** The owner's links of one recording (with their views). */
export const useShareLinks = (recordingId: string, enabled: boolean) =>
  useQuery({
    queryKey: shareLinkKeys.list(recordingId),
    queryFn: () => ok(api.shareLinks.list({ params: { id: recordingId } })),
    enabled,
  });

export const useCreateShareLink = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLinkBody) =>
      ok(api.shareLinks.create({ params: { id: recordingId }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.list(recordingId) }),
  });
};

export const useRevokeShareLink = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => ok(api.shareLinks.revoke({ params: { id: recordingId, linkId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.list(recordingId) }),
  });
};

/**
 * The visitor's view. Each load counts as a view on the server, so it is fetched once per page load: no refetch
 * on focus or reconnect, no retry of a 401/404/410 (they are answers, not failures).
 */
export const useSharedRecording = (token: string) =>
  useQuery({
    queryKey: shareLinkKeys.shared(token),
    queryFn: () => ok(api.shareLinks.get({ params: { token } })),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

export const useUnlockShare = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => ok(api.shareLinks.unlock({ params: { token }, body: { password } })),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.shared(token) }),
  });
};

export const sharedMediaUrl = (token: string, download = false) =>
  `/api/shared/${encodeURIComponent(token)}/media${download ? '?download=true' : ''}`;
