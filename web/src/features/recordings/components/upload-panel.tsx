import type { Usage } from '@scrivo/contracts/recordings/recordings.contract';
import type { WorkspaceSummary } from '@scrivo/contracts/workspaces/workspaces.contract';
import { useState } from 'react';
import { formatBytes, refuse } from '../upload/refusals';
import type { UploadOptions } from '../upload/upload-queue';
import { useUploadQueue } from '../upload/use-upload-queue';
import { Dropzone } from './dropzone';
import { UploadItem } from './upload-item';
import { UploadOptionsForm } from './upload-options';

interface Props {
  userId: string;
  usage: Usage | undefined;
  /** The space chosen in the header: files go into this workspace; null: the personal space. */
  workspace?: WorkspaceSummary | null;
}

/** Options, the drop area and the queue of files on their way up. */
export function UploadPanel({ userId, usage, workspace = null }: Props) {
  const { queue, items } = useUploadQueue(userId);
  const [options, setOptions] = useState<UploadOptions>({
    title: '',
    language: '',
    translate: false,
    speakers: '',
    terms: '',
    context: '',
  });

  const addFiles = (files: File[]) => {
    for (const file of files) {
      const refusal = refuse(file, usage);
      if (refusal) queue.addRefused(file, refusal);
      // A typed title names one file; with several, each keeps its own file name.
      else
        queue.add(file, {
          ...options,
          title: files.length === 1 ? options.title : '',
          ...(workspace ? { workspaceId: workspace.id } : {}),
        });
    }
    setOptions((o) => ({ ...o, title: '' }));
  };

  return (
    <section
      aria-labelledby="upload-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="upload-title" className="text-lg font-semibold">
        Transcribe a recording
      </h2>
      {workspace ? (
        <p className="text-sm text-slate-600" data-testid="upload-destination">
          Into the workspace <span className="font-medium text-slate-900">{workspace.name}</span>: its members
          see it. Choose Personal in the header to upload for yourself alone.
        </p>
      ) : null}
      {/* A viewer reads, plays and exports; the API refuses their uploads, so they are not offered. */}
      {workspace?.role === 'viewer' ? (
        <p role="note" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Viewers of {workspace.name} cannot upload into it.
        </p>
      ) : (
        <>
          <UploadOptionsForm value={options} onChange={setOptions} />
          <Dropzone onFiles={addFiles} maxSizeLabel={usage ? formatBytes(usage.maxUploadBytes) : undefined} />
        </>
      )}
      {items.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Uploads">
          {items.map((item) => (
            <UploadItem
              key={item.key}
              item={item}
              onCancel={(key) => void queue.cancel(key)}
              onRetry={(key) => queue.retry(key)}
              onDismiss={(key) => queue.dismiss(key)}
              onKeep={(key) => void queue.keep(key)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
