import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { annotationKeys } from './use-annotations';

/** Change the text of one of the owner's comments. */
export const useEditAnnotation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ annotationId, comment }: { annotationId: string; comment: string }) =>
      ok(
        api.recordings.editAnnotation({
          params: { id: recordingId, annotationId },
          body: { comment },
        }),
      ),
    onSuccess: (list) => client.setQueryData(annotationKeys.of(recordingId), list),
  });
};
