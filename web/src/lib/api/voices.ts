/**
 * Remembered voices: the account's (the Voices page, "Remember this voice" on the transcript page) and a
 * workspace's (its page, and "Remember this voice" on a recording in it).
 */
import type { RememberVoiceBody } from '@scrivo/contracts/voices/voices.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../api-client';

const voicesKey = ['voices'] as const;
const workspaceVoicesKey = (workspaceId: string) => [...voicesKey, 'workspace', workspaceId] as const;

export const useVoices = () => useQuery({ queryKey: voicesKey, queryFn: () => ok(api.voices.list()) });

/** A recording in a workspace is remembered for the workspace: its members' recordings are named with it. */
export const useRememberVoice = (workspaceId: string | null = null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RememberVoiceBody) =>
      ok(
        workspaceId
          ? api.workspaces.rememberVoice({ params: { workspaceId }, body })
          : api.voices.remember({ body }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: voicesKey }),
  });
};

export const useRenameVoice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voiceId, name }: { voiceId: string; name: string }) =>
      ok(api.voices.rename({ params: { voiceId }, body: { name } })),
    onSuccess: () => client.invalidateQueries({ queryKey: voicesKey }),
  });
};

export const useForgetVoice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (voiceId: string) => ok(api.voices.forget({ params: { voiceId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: voicesKey }),
  });
};

export const useWorkspaceVoices = (workspaceId: string) =>
  useQuery({
    queryKey: workspaceVoicesKey(workspaceId),
    queryFn: () => ok(api.workspaces.voices({ params: { workspaceId } })),
  });

export const useRenameWorkspaceVoice = (workspaceId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voiceId, name }: { voiceId: string; name: string }) =>
      ok(api.workspaces.renameVoice({ params: { workspaceId, voiceId }, body: { name } })),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceVoicesKey(workspaceId) }),
  });
};

export const useForgetWorkspaceVoice = (workspaceId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (voiceId: string) => ok(api.workspaces.forgetVoice({ params: { workspaceId, voiceId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceVoicesKey(workspaceId) }),
  });
};
