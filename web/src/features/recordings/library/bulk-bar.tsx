import { type Library, MAX_BULK_EXPORT } from '@scrivo/contracts/library/library.contract';
import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { EXPORT_FORMATS } from '../../../lib/export-file';
import { downloadZip } from './bulk-export';
import { type LibrarySpace, useMoveRecordings, useTagRecordings } from '../api/library';
import { Button } from '../../../components/ui/button';

const NO_FOLDER = '__none__';

/**
 * What to do with the selected recordings: move them to a folder, add or remove a tag (of the space's library:
 * one's own or the workspace's), download their transcripts as one zip, or delete them (the page asks first; only
 * when every one of them is the caller's upload).
 */
export function BulkBar({
  selected,
  library,
  space = null,
  deletable = true,
  onDone,
  onDelete,
}: {
  selected: readonly string[];
  library: Library;
  space?: LibrarySpace;
  deletable?: boolean;
  onDone(): void;
  onDelete(): void;
}) {
  const move = useMoveRecordings(space);
  const tag = useTagRecordings(space);
  const [folder, setFolder] = useState('');
  const [tagId, setTagId] = useState('');
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [exporting, setExporting] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const recordingIds = [...selected];
  const error = move.error ?? tag.error ?? exporting.error;
  const tooMany = selected.length > MAX_BULK_EXPORT;
  const exportZip = async () => {
    setExporting({ busy: true, error: null });
    try {
      await downloadZip(recordingIds, format);
      setExporting({ busy: false, error: null });
    } catch (caught) {
      setExporting({ busy: false, error: caught });
    }
  };
  return (
    <div
      role="region"
      aria-label="Selected recordings"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm"
    >
      <p className="font-medium">{selected.length} selected</p>
      <label className="flex flex-col gap-1">
        Move to
        <select
          aria-label="Move to folder"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2"
        >
          <option value="">Choose a folder…</option>
          <option value={NO_FOLDER}>No folder</option>
          {library.folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="unstyled"
        disabled={!folder || move.isPending}
        onClick={() =>
          move.mutate({ recordingIds, folderId: folder === NO_FOLDER ? null : folder }, { onSuccess: onDone })
        }
        className="h-9 rounded-lg bg-brand-600 px-3 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        Move
      </Button>
      <label className="flex flex-col gap-1">
        Tag
        <select
          aria-label="Tag to add or remove"
          value={tagId}
          onChange={(e) => setTagId(e.target.value)}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2"
        >
          <option value="">Choose a tag…</option>
          {library.tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="unstyled"
        disabled={!tagId || tag.isPending}
        onClick={() => tag.mutate({ recordingIds, add: [tagId], remove: [] }, { onSuccess: onDone })}
        className="h-9 rounded-lg bg-brand-600 px-3 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        Add tag
      </Button>
      <Button
        variant="unstyled"
        disabled={!tagId || tag.isPending}
        onClick={() => tag.mutate({ recordingIds, add: [], remove: [tagId] }, { onSuccess: onDone })}
        className="h-9 rounded-lg border border-slate-300 bg-white px-3 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        Remove tag
      </Button>
      <label className="flex flex-col gap-1">
        Export as
        <select
          aria-label="Export format"
          value={format}
          onChange={(e) => {
            const chosen = EXPORT_FORMATS.find((f) => f.format === e.target.value);
            if (chosen) setFormat(chosen.format);
          }}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2"
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f.format} value={f.format}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="unstyled"
        disabled={exporting.busy || tooMany}
        onClick={() => void exportZip()}
        className="h-9 rounded-lg border border-slate-300 bg-white px-3 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {exporting.busy ? 'Preparing zip…' : 'Download zip'}
      </Button>
      {deletable && (
        <Button
          variant="unstyled"
          onClick={onDelete}
          className="h-9 rounded-lg border border-red-300 bg-white px-3 font-medium text-red-800 hover:bg-red-50"
        >
          Delete
        </Button>
      )}
      {tooMany && (
        <p className="w-full text-slate-700">
          A zip holds at most {MAX_BULK_EXPORT} recordings: select fewer to download them.
        </p>
      )}
      {error != null && (
        <p role="alert" className="w-full text-red-900">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
