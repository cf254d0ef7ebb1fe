import type { VocabularyTerm } from '@scrivo/contracts/vocabulary/vocabulary.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { workspaceKey } from './workspaces';

const glossaryKey = (id: string) => [...workspaceKey(id), 'glossary'] as const;

/** The workspace's glossary (any member, viewers included). */
export const useWorkspaceGlossary = (id: string) =>
  useQuery({
    queryKey: glossaryKey(id),
    queryFn: () => ok(api.workspaces.vocabulary({ params: { workspaceId: id } })),
  });

/** Replace the workspace's glossary (members and up); the answer is the saved list. */
export const useSaveWorkspaceGlossary = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terms: VocabularyTerm[]) =>
      ok(api.workspaces.setVocabulary({ params: { workspaceId: id }, body: { terms } })),
    onSuccess: (saved) => client.setQueryData(glossaryKey(id), saved),
  });
};
