/** The account's remembered voices: the Voices page and "Remember this voice" on the transcript page. */
import type { RememberVoiceBody } from '@scrivo/contracts/voices/voices.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../api-client';

const voicesKey = ['voices'] as const;

export const useVoices = () => useQuery({ queryKey: voicesKey, queryFn: () => ok(api.voices.list()) });

export const useRememberVoice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RememberVoiceBody) => ok(api.voices.remember({ body })),
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
