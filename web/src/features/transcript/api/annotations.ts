import type { AddAnnotationBody } from '@scrivo/contracts/recordings/recordings.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const annotationKeys = {
  of: (recordingId: string) => ['recordings', 'annotations', recordingId] as const,
};

/** The owner's highlights and comments on this recording's transcript, in passage order. */
export const useAnnotations = (recordingId: string) =>
  useQuery({
    queryKey: annotationKeys.of(recordingId),
    queryFn: () => ok(api.recordings.annotations({ params: { id: recordingId } })),
  });

/** Highlight a passage, or comment on it; the answer is the whole list, written into the cache. */
export const useAddAnnotation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAnnotationBody) =>
      ok(api.recordings.addAnnotation({ params: { id: recordingId }, body })),
    onSuccess: (list) => client.setQueryData(annotationKeys.of(recordingId), list),
  });
};

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

/** Delete a highlight or comment. */
export const useRemoveAnnotation = (recordingId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (annotationId: string) =>
      ok(api.recordings.removeAnnotation({ params: { id: recordingId, annotationId } })),
    onSuccess: (list) => client.setQueryData(annotationKeys.of(recordingId), list),
  });
};
