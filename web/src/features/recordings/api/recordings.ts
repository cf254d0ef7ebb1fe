import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { recordingKeys } from '../../../lib/api/recordings';

/** Pins a recording to the top of the library (or unpins it); the lists are read again in their new order. */
export const usePinRecording = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) =>
      ok(api.recordings.pin({ params: { id }, body: { pinned } })),
    onSuccess: (recording) => {
      client.setQueryData(recordingKeys.one(recording.id), recording);
      return client.invalidateQueries({ queryKey: recordingKeys.lists() });
    },
  });
};

/** Moves a recording to a workspace (null: the personal space); every list is read again, it leaves one for another. */
export const useMoveRecording = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, workspaceId }: { id: string; workspaceId: string | null }) =>
      ok(api.recordings.move({ params: { id }, body: { workspaceId } })),
    onSuccess: (recording) => {
      client.setQueryData(recordingKeys.one(recording.id), recording);
      return client.invalidateQueries({ queryKey: recordingKeys.lists() });
    },
  });
};
