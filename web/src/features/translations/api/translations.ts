import type { RequestTranslationBody } from '@scrivo/contracts/translations/translations.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const translationKeys = { all: (recordingId: string) => ['translations', recordingId] as const };

/** The recording's translations and what can be asked for, polled while one is being made. */
export const useTranslations = (recordingId: string) =>
  useQuery({
    queryKey: translationKeys.all(recordingId),
    queryFn: () => ok(api.translations.list({ params: { id: recordingId } })),
    refetchInterval: (query) => (query.state.data?.items.some((t) => t.status === 'running') ? 1000 : false),
  });

export const useRequestTranslation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestTranslationBody) =>
      ok(api.translations.request({ params: { id: recordingId }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: translationKeys.all(recordingId) }),
  });
};

export const useCancelTranslation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: string) => ok(api.translations.cancel({ params: { id: recordingId, target } })),
    onSuccess: () => client.invalidateQueries({ queryKey: translationKeys.all(recordingId) }),
  });
};
