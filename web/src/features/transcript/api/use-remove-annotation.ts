import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { annotationKeys } from './use-annotations';

/** Delete a highlight or comment. */
export const useRemoveAnnotation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (annotationId: string) =>
      ok(api.recordings.removeAnnotation({ params: { id: recordingId, annotationId } })),
    onSuccess: (list) => client.setQueryData(annotationKeys.of(recordingId), list),
  });
};
