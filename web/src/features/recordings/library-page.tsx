import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { InlineTitle } from '../../components/recordings/inline-title';
import { LiveIndicator } from '../../components/recordings/live-indicator';
import { Button } from '../../components/ui/button';
import { Checkbox, Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { ConfirmDialog } from './components/confirm-dialog';
import { Highlight } from './components/highlight';
import { RecordingActions } from './components/recording-actions';
import { RecordingListItem } from './components/recording-list-item';
import { UndoBar } from './components/undo-bar';
import { SORTS, type LibrarySearch } from './library-search';
import { BulkBar } from './library/bulk-bar';
import { LibraryFilter } from './library/library-filter';
import { LibraryOrganizer } from './library/library-organizer';
import { type LibraryPageProps, useLibraryPage } from './use-library-page';

export function LibraryPage({ search, onSearch, workspace = null, spaces = [] }: LibraryPageProps) {
  const {
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
  } = useLibraryPage({ search, onSearch, workspace });
  const searchId = useId();

  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">
          {workspace ? `Recordings in ${workspace.name}` : 'Recordings'}
        </h1>
        <div className="flex items-center gap-4">
          <LiveIndicator state={live} />
          {organizes && (
            <Button
              variant="unstyled"
              aria-expanded={organizing}
              onClick={() => setOrganizing((o) => !o)}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
            >
              Folders and tags
            </Button>
          )}
          <Link
            to="/dashboard"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Upload
          </Link>
        </div>
      </div>

      {organizes && organizing && library.data && <LibraryOrganizer library={library.data} space={space} />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Search titles and transcripts
          </label>
          <Input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onSearch({ q: typed, page: 1 });
            }}
            placeholder="A word someone said, or a title"
            className="h-10 rounded-lg border border-slate-300 px-3"
          />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Sort
          <select
            value={sortValue}
            onChange={(event) => {
              const [sort, order] = event.currentTarget.value.split(':') as [
                LibrarySearch['sort'],
                LibrarySearch['order'],
              ];
              onSearch({ sort, order, page: 1 });
            }}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 font-normal"
          >
            {SORTS.map(({ label, sort, order }) => (
              <option key={label} value={`${sort}:${order}`}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <LibraryFilter
          label="Folder"
          ariaLabel="Show folder"
          anyLabel="All folders"
          value={search.folder}
          choices={library.data?.folders}
          onChange={(folder) => onSearch({ folder, page: 1 })}
        />
        <LibraryFilter
          label="Tag"
          ariaLabel="Show tag"
          anyLabel="Any tag"
          value={search.tag}
          choices={library.data?.tags}
          onChange={(tag) => onSearch({ tag, page: 1 })}
        />
      </div>

      {selected.length > 0 && library.data && (
        <BulkBar
          selected={selected}
          library={library.data}
          space={space}
          deletable={selected.every((id) => {
            const recording = list.data?.items.find((r) => r.id === id);
            return recording !== undefined && may(recording).mine;
          })}
          onDone={() => setSelected([])}
          onDelete={() => setConfirmingBulk(true)}
        />
      )}

      <div aria-live="polite" className="text-sm text-slate-600">
        {list.data &&
          (search.q
            ? `${list.data.total === 1 ? '1 recording matches' : `${list.data.total} recordings match`} “${search.q}”`
            : `${list.data.total} recording${list.data.total === 1 ? '' : 's'}`)}
      </div>

      {list.isPending && <p className="text-slate-600">Loading…</p>}
      {list.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(list.error, 'Your recordings could not be loaded.')}
        </p>
      )}
      {notice && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {notice}
        </p>
      )}
      {list.data?.items.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {search.q || search.folder || search.tag
            ? 'No recording matches this search.'
            : 'No recordings yet. Upload one from the dashboard.'}
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul
          className={`flex flex-col gap-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Recordings"
        >
          {list.data.items.map((recording) => {
            const { mine, edits } = may(recording);
            return (
              <RecordingListItem
                key={recording.id}
                recording={recording}
                query={search.q}
                onRetry={mine ? (id) => retry.mutate(id) : undefined}
                retrying={retry.isPending && retry.variables === recording.id}
                pinnable={edits}
                title={
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex min-w-0 items-center gap-2">
                      {selectable(recording) && (
                        <Checkbox
                          checked={selected.includes(recording.id)}
                          onChange={(event) => toggle(recording.id, event.currentTarget.checked)}
                          aria-label={`Select “${recording.title}”`}
                        />
                      )}
                      <InlineTitle id={recording.id} title={recording.title} readOnly={!edits}>
                        <Link
                          to="/transcription/$recordingId"
                          params={{ recordingId: recording.id }}
                          className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                        >
                          <Highlight text={recording.title} query={search.q} />
                        </Link>
                      </InlineTitle>
                    </div>
                    <Labels
                      folder={folderName(recording.folderId)}
                      tags={(recording.tagIds ?? []).flatMap((t) => tagName(t) ?? [])}
                    />
                  </div>
                }
                actions={
                  mine ? (
                    <RecordingActions
                      recording={recording}
                      spaces={spaces}
                      onDelete={() => setConfirming(recording)}
                    />
                  ) : undefined
                }
              />
            );
          })}
        </ul>
      )}

      {totalPages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3">
          <Button
            variant="unstyled"
            disabled={search.page <= 1}
            onClick={() => onSearch({ page: search.page - 1 })}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium disabled:opacity-50"
          >
            Previous
          </Button>
          <span className="text-sm text-slate-700">
            Page {search.page} of {totalPages}
          </span>
          <Button
            variant="unstyled"
            disabled={search.page >= totalPages}
            onClick={() => onSearch({ page: search.page + 1 })}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium disabled:opacity-50"
          >
            Next
          </Button>
        </nav>
      )}

      <ConfirmDialog
        open={!!confirming}
        title="Delete this recording?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onClose={() => setConfirming(null)}
      >
        “{confirming?.title}” and its transcript will be deleted. You can undo this for a few seconds.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingBulk}
        title={`Delete ${selected.length === 1 ? 'this recording' : `these ${selected.length} recordings`}?`}
        confirmLabel="Delete"
        onConfirm={confirmBulkDelete}
        onClose={() => setConfirmingBulk(false)}
      >
        {selected.length === 1 ? 'It and its transcript' : 'They and their transcripts'} will be deleted. You
        can undo this for a few seconds.
      </ConfirmDialog>
      {deleted && (
        <UndoBar
          key={deleted.ids.join()}
          message={deleted.message}
          until={deleted.until}
          busy={restore.isPending}
          onExpire={endUndo}
          onUndo={() => undo(deleted.ids)}
        />
      )}
      {retry.isError && (
        <p role="alert" className="text-sm text-red-900">
          {errorMessage(retry.error)}
        </p>
      )}
    </main>
  );
}

/** A recording's folder and tags, as small chips under its title. */
function Labels({ folder, tags }: { folder: string | undefined; tags: readonly string[] }) {
  if (!folder && tags.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-1 text-xs" data-testid="recording-labels">
      {folder && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">Folder: {folder}</span>}
      {tags.map((t) => (
        <span key={t} className="rounded bg-brand-50 px-1.5 py-0.5 text-brand-800">
          #{t}
        </span>
      ))}
    </p>
  );
}
