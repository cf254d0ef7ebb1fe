import type { VocabularyTerm } from '@scrivo/contracts/vocabulary/vocabulary.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const vocabularyKey = ['vocabulary'] as const;

export const useVocabulary = () =>
  useQuery({ queryKey: vocabularyKey, queryFn: () => ok(api.vocabulary.get()) });

export const useSaveVocabulary = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terms: VocabularyTerm[]) => ok(api.vocabulary.set({ body: { terms } })),
    onSuccess: (saved) => client.setQueryData(vocabularyKey, saved),
  });
};
