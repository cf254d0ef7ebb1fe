import type { RecordingListItem as Item } from '@scrivo/contracts/recordings/recordings.contract';
import type { WorkspaceSummary } from '@scrivo/contracts/workspaces/workspaces.contract';
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/api/current-user';
import { useRecordingEvents } from '../../lib/api/recording-events';
import { useRecordingList, useRemove, useRestore, useRetry } from '../../lib/api/recordings';
import { errorMessage } from '../../lib/error-message';
import { useBulkDelete, useLibrary } from './api/library';
import type { LibrarySearch } from './library-search';
import { permissionsFor } from '../../lib/recording-permissions';

const PAGE_SIZE = 20;

export interface LibraryPageProps {
  search: LibrarySearch;
  onSearch(change: Partial<LibrarySearch>): void;
  /** The space chosen in the header (handed in by the route): a workspace's recordings; null: your own. */
  workspace?: WorkspaceSummary | null;
  /** The caller's workspaces with their role (handed in by the route): where a recording may be moved. */
  spaces?: readonly WorkspaceSummary[];
}

/**
 * The library page's state and calls: the list for the search in the URL, the search box typed ahead of it, the
 * selection, and deleting (one or many) with its confirmation, undo and notices. The view (`library-page.tsx`)
 * only renders what this returns.
 */
export function useLibraryPage({ search, onSearch, workspace = null }: LibraryPageProps) {
  const live = useRecordingEvents();
  const me = useCurrentUser().data?.id;
  // The list is one space's: the caller's role there decides for every recording not theirs.
  const may = (recording: Item) => permissionsFor(recording, me, workspace?.role ?? null);
  const [typed, setTyped] = useState(search.q);
  const list = useRecordingList({
    ...search,
    q: search.q || undefined,
    folder: search.folder || undefined,
    tag: search.tag || undefined,
    workspaceId: workspace?.id,
    pageSize: PAGE_SIZE,
  });
  // The folders and tags are the space's: a workspace's own, shared by its members, or the caller's.
  const space = workspace?.id ?? null;
  const library = useLibrary(space);
  /** Whether the caller changes the space's folders and tags (a workspace's viewers only read them). */
  const organizes = workspace === null || workspace.role !== 'viewer';
  /** Whether a row can be selected: for filing and tagging in a workspace, or one's own for everything. */
  const selectable = (recording: Item) => (workspace ? organizes : may(recording).mine);
  const [organizing, setOrganizing] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const folderName = (id: string | null | undefined) => library.data?.folders.find((f) => f.id === id)?.name;
  const tagName = (id: string) => library.data?.tags.find((t) => t.id === id)?.name;
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((s) => s !== id)));
  const retry = useRetry();
  const remove = useRemove();
  const restore = useRestore();
  const [confirming, setConfirming] = useState<Item | null>(null);
  const [deleted, setDeleted] = useState<{ ids: string[]; message: string; until: Date } | null>(null);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const bulkDelete = useBulkDelete();
  const titleOf = (id: string) => list.data?.items.find((r) => r.id === id)?.title;
  const [notice, setNotice] = useState<string | null>(null);

  // Searching as people type, once they pause.
  useEffect(() => {
    if (typed === search.q) return;
    const timer = setTimeout(() => onSearch({ q: typed, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [typed, search.q, onSearch]);

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const sortValue = `${search.sort}:${search.order}`;
  const endUndo = useCallback(() => setDeleted(null), []);

  const confirmDelete = () => {
    const target = confirming;
    setConfirming(null);
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (result) =>
        setDeleted({
          ids: [target.id],
          message: `“${target.title}” deleted.`,
          until: new Date(result.restorableUntil),
        }),
      onError: (error) => setNotice(errorMessage(error, 'The recording could not be deleted.')),
    });
  };

  // One delete per recording on the server: those that could not be deleted stay selected, with why.
  const confirmBulkDelete = () => {
    setConfirmingBulk(false);
    bulkDelete.mutate(selected, {
      onSuccess: ({ deleted: gone, failed }) => {
        setSelected(failed.map((f) => f.id));
        setNotice(
          failed.length
            ? failed.map((f) => `“${titleOf(f.id) ?? f.id}” was not deleted: ${f.message}`).join(' ')
            : null,
        );
        if (gone.length === 0) return;
        const until = new Date(Math.min(...gone.map((d) => Date.parse(d.restorableUntil))));
        setDeleted({
          ids: gone.map((d) => d.id),
          message:
            gone.length === 1
              ? `“${titleOf(gone[0]!.id) ?? 'The recording'}” deleted.`
              : `${gone.length} recordings deleted.`,
          until,
        });
      },
      onError: (error) => setNotice(errorMessage(error, 'The recordings could not be deleted.')),
    });
  };

  const undoDelete = async (ids: readonly string[]) => {
    for (const id of ids) await restore.mutateAsync(id);
  };

  const undo = (ids: readonly string[]) =>
    undoDelete(ids).then(endUndo, (error: unknown) => {
      endUndo();
      setNotice(errorMessage(error, 'The recording could not be restored.'));
    });

  return {
    may,
    space,
    organizes,
    selectable,
    live,
    typed,
    setTyped,
    list,
    library,
    organizing,
    setOrganizing,
    selected,
    setSelected,
    toggle,
    folderName,
    tagName,
    retry,
    restore,
    confirming,
    setConfirming,
    confirmDelete,
    confirmingBulk,
    setConfirmingBulk,
    confirmBulkDelete,
    deleted,
    endUndo,
    undo,
    notice,
    totalPages,
    sortValue,
  };
}
