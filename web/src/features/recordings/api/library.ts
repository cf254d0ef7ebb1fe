import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { type DownloadedFile, fetchFile } from '../../../lib/api/download';
import { recordingKeys } from '../../../lib/api/recordings';

/**
 * Whose folders and tags: the caller's own (null) or a workspace's (`/api/workspaces/{id}/library`, every member
 * sees them, members and up change them). The hooks below take it so one page serves either space.
 */
export type LibrarySpace = string | null;

const libraryKey = (space: LibrarySpace) => ['library', space ?? 'own'] as const;

type Names = { recordingIds: string[]; folderId: string | null };
type Tagging = { recordingIds: string[]; add: string[]; remove: string[] };

/** The space's library routes, each answering with its body (or throwing the API's error). */
const calls = (space: LibrarySpace) => {
  if (space === null)
    return {
      get: () => ok(api.library.get()),
      createFolder: (name: string) => ok(api.library.createFolder({ body: { name } })),
      createTag: (name: string) => ok(api.library.createTag({ body: { name } })),
      renameFolder: (folderId: string, name: string) =>
        ok(api.library.renameFolder({ params: { folderId }, body: { name } })),
      renameTag: (tagId: string, name: string) =>
        ok(api.library.renameTag({ params: { tagId }, body: { name } })),
      deleteFolder: (folderId: string) => ok(api.library.deleteFolder({ params: { folderId } })),
      deleteTag: (tagId: string) => ok(api.library.deleteTag({ params: { tagId } })),
      move: (body: Names) => ok(api.library.move({ body })),
      tag: (body: Tagging) => ok(api.library.tag({ body })),
    };
  const w = api.workspaces;
  const workspaceId = space;
  return {
    get: () => ok(w.library({ params: { workspaceId } })),
    createFolder: (name: string) => ok(w.createFolder({ params: { workspaceId }, body: { name } })),
    createTag: (name: string) => ok(w.createTag({ params: { workspaceId }, body: { name } })),
    renameFolder: (folderId: string, name: string) =>
      ok(w.renameFolder({ params: { workspaceId, folderId }, body: { name } })),
    renameTag: (tagId: string, name: string) =>
      ok(w.renameTag({ params: { workspaceId, tagId }, body: { name } })),
    deleteFolder: (folderId: string) => ok(w.deleteFolder({ params: { workspaceId, folderId } })),
    deleteTag: (tagId: string) => ok(w.deleteTag({ params: { workspaceId, tagId } })),
    move: (body: Names) => ok(w.fileRecordings({ params: { workspaceId }, body })),
    tag: (body: Tagging) => ok(w.tagRecordings({ params: { workspaceId }, body })),
  };
};

export const useLibrary = (space: LibrarySpace = null) =>
  useQuery({ queryKey: libraryKey(space), queryFn: () => calls(space).get() });

/** After any change the labels and every list (filters, chips) are read again. */
const useRefresh = (space: LibrarySpace) => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: libraryKey(space) }),
      client.invalidateQueries({ queryKey: recordingKeys.lists() }),
    ]);
};

export type LabelKind = 'folder' | 'tag';

export const useCreateLabel = (kind: LabelKind, space: LibrarySpace = null) => {
  const refresh = useRefresh(space);
  return useMutation({
    mutationFn: (name: string) =>
      kind === 'folder' ? calls(space).createFolder(name) : calls(space).createTag(name),
    onSuccess: refresh,
  });
};

export const useRenameLabel = (kind: LabelKind, space: LibrarySpace = null) => {
  const refresh = useRefresh(space);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      kind === 'folder' ? calls(space).renameFolder(id, name) : calls(space).renameTag(id, name),
    onSuccess: refresh,
  });
};

export const useDeleteLabel = (kind: LabelKind, space: LibrarySpace = null) => {
  const refresh = useRefresh(space);
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'folder' ? calls(space).deleteFolder(id) : calls(space).deleteTag(id),
    onSuccess: refresh,
  });
};

/** The folder new uploads go to: one's own library only (a workspace has none). */
export const useSetDefaultFolder = () => {
  const refresh = useRefresh(null);
  return useMutation({
    mutationFn: (folderId: string | null) => ok(api.library.setDefaultFolder({ body: { folderId } })),
    onSuccess: refresh,
  });
};

export const useMoveRecordings = (space: LibrarySpace = null) => {
  const refresh = useRefresh(space);
  return useMutation({
    mutationFn: (body: Names) => calls(space).move(body),
    onSuccess: refresh,
  });
};

export const useTagRecordings = (space: LibrarySpace = null) => {
  const refresh = useRefresh(space);
  return useMutation({
    mutationFn: (body: Tagging) => calls(space).tag(body),
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
