import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_ADMIN_EVENTS_PATH, CHAT_PAGE_SIZE } from '@scrivo/contracts';
import { useEffect } from 'react';
import { api, ok } from '../../../lib/api-client';

/** The spec's polling interval for the list and the open conversation. */
const REFRESH_MS = 5000;

export type StatusFilter = 'all' | 'active' | 'escalated' | 'resolved';

export const adminChatKeys = {
  all: ['admin-chat'] as const,
  list: (page: number, status: StatusFilter, search: string) =>
    ['admin-chat', 'sessions', { page, status, search }] as const,
  detail: (sessionId: string) => ['admin-chat', 'session', sessionId] as const,
};

export const useSessionList = (page: number, status: StatusFilter, search: string, enabled: boolean) =>
  useQuery({
    queryKey: adminChatKeys.list(page, status, search),
    queryFn: () =>
      ok(
        api.adminChat.listSessions({
          query: { page, limit: CHAT_PAGE_SIZE, status, ...(search ? { search } : {}) },
        }),
      ),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSessionDetail = (sessionId: string | null) =>
  useQuery({
    queryKey: adminChatKeys.detail(sessionId ?? ''),
    queryFn: () => ok(api.adminChat.getSession({ params: { sessionId: sessionId ?? '' } })),
    refetchInterval: REFRESH_MS,
    enabled: sessionId !== null,
  });

export const useRespond = (sessionId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; markResolved: boolean }) =>
      api.adminChat.respond({
        params: { sessionId },
        body: { content: input.content, noteType: 'admin_response', markResolved: input.markResolved },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: adminChatKeys.all }),
  });
};

export const useCloseChat = (sessionId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.adminChat.close({ params: { sessionId } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminChatKeys.all }),
  });
};

/** Pushed updates: any change refreshes the queue at once instead of at the next 5-second poll. */
export const useLiveQueue = (enabled: boolean) => {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const events = new EventSource(CHAT_ADMIN_EVENTS_PATH, { withCredentials: true });
    events.addEventListener('update', () => void client.invalidateQueries({ queryKey: adminChatKeys.all }));
    return () => events.close();
  }, [enabled, client]);
};
