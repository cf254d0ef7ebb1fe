import { Recording } from '@scrivo/contracts/recordings/recordings.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { recordingKeys } from '../../../lib/api/recordings';
import { HttpError, readCookie } from '../../../lib/http';
import type { SavedUpload } from '../upload/saved-uploads';

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

type UploadFields = Pick<SavedUpload, 'title' | 'language' | 'translate' | 'speakers' | 'terms' | 'context'>;

/**
 * POST /api/recordings with `keep=unreadable`: a file the server could not read as audio, kept as a recording
 * marked unreadable (stored, never transcribed).
 */
export const keepUnreadable = async (file: File, fields: UploadFields): Promise<Recording> => {
  // FormData built here: the typed client would send each text field JSON-quoted.
  const form = new FormData();
  form.set('file', file);
  form.set('title', fields.title);
  form.set('language', fields.language || 'auto');
  form.set('translate', String(fields.translate));
  form.set('speakers', fields.speakers || 'auto');
  form.set('terms', fields.terms ?? '');
  form.set('context', fields.context ?? '');
  form.set('keep', 'unreadable');
  const csrf = readCookie('scrivo_csrf');
  const response = await fetch('/api/recordings', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: csrf ? { 'X-CSRF-Token': csrf } : {},
  });
  if (!response.ok) throw new HttpError(response.status, await response.text());
  return Recording.parse(await response.json());
};
