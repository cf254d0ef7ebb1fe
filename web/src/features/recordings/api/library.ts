import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { type DownloadedFile, fetchFile } from '../../../lib/api/download';
import { recordingKeys } from '../../../lib/api/recordings';

const libraryKey = ['library'] as const;

export const useLibrary = () => useQuery({ queryKey: libraryKey, queryFn: () => ok(api.library.get()) });

/** After any change the labels and every list (filters, chips) are read again. */
const useRefresh = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: libraryKey }),
      client.invalidateQueries({ queryKey: recordingKeys.lists() }),
    ]);
};

export type LabelKind = 'folder' | 'tag';

export const useCreateLabel = (kind: LabelKind) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) =>
      ok(
        kind === 'folder'
          ? api.library.createFolder({ body: { name } })
          : api.library.createTag({ body: { name } }),
      ),
    onSuccess: refresh,
  });
};

export const useRenameLabel = (kind: LabelKind) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      ok(
        kind === 'folder'
          ? api.library.renameFolder({ params: { folderId: id }, body: { name } })
          : api.library.renameTag({ params: { tagId: id }, body: { name } }),
      ),
    onSuccess: refresh,
  });
};

export const useDeleteLabel = (kind: LabelKind) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      ok(
        kind === 'folder'
          ? api.library.deleteFolder({ params: { folderId: id } })
          : api.library.deleteTag({ params: { tagId: id } }),
      ),
    onSuccess: refresh,
  });
};

export const useSetDefaultFolder = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (folderId: string | null) => ok(api.library.setDefaultFolder({ body: { folderId } })),
    onSuccess: refresh,
  });
};

export const useMoveRecordings = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { recordingIds: string[]; folderId: string | null }) => ok(api.library.move({ body })),
    onSuccess: refresh,
  });
};

export const useTagRecordings = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { recordingIds: string[]; add: string[]; remove: string[] }) =>
      ok(api.library.tag({ body })),
    onSuccess: refresh,
  });
};

/** Deletes each chosen recording on the server (as a single delete would); the answer lists any it could not. */
export const useBulkDelete = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recordingIds: string[]) => ok(api.library.remove({ body: { recordingIds } })),
    onSuccess: () => client.invalidateQueries({ queryKey: recordingKeys.all }),
  });
};

/** GET /api/library/export: the chosen recordings' transcripts in one zip. */
export const fetchLibraryExport = (
  recordingIds: readonly string[],
  format: ExportFormat,
): Promise<DownloadedFile> =>
  fetchFile(`/api/library/export?${new URLSearchParams({ ids: recordingIds.join(','), format })}`);
