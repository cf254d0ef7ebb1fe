import type { AddAnnotationBody } from '@scrivo/contracts/recordings/recordings.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { annotationKeys } from './use-annotations';

/** Highlight a passage, or comment on it; the answer is the whole list, written into the cache. */
export const useAddAnnotation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAnnotationBody) =>
      ok(api.recordings.addAnnotation({ params: { id: recordingId }, body })),
    onSuccess: (list) => client.setQueryData(annotationKeys.of(recordingId), list),
  });
};
