import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

export const annotationKeys = {
  of: (recordingId: string) => ['recordings', 'annotations', recordingId] as const,
};

/** The owner's highlights and comments on this recording's transcript, in passage order. */
export const useAnnotations = (recordingId: string) =>
  useQuery({
    queryKey: annotationKeys.of(recordingId),
    queryFn: () => ok(api.recordings.annotations({ params: { id: recordingId } })),
  });
