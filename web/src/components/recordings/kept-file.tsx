import type { Recording } from '@scrivo/contracts/recordings/recordings.contract';

/**
 * A file whose audio could not be read, kept because its owner asked: why it is not transcribed, and its
 * download. No Retry: transcribing it again cannot help.
 */
export function KeptFile({ recording }: { recording: Pick<Recording, 'id' | 'error' | 'originalFilename'> }) {
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
      data-testid="kept-file"
    >
      <div className="flex-1">
        <p className="font-medium text-slate-900">Not audio we can read: kept as a file</p>
        {recording.error && <p>{recording.error.message}</p>}
      </div>
      <a
        href={`/api/recordings/${encodeURIComponent(recording.id)}/media`}
        download={recording.originalFilename ?? true}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1 font-medium text-slate-900 hover:bg-slate-50"
      >
        Download the file
      </a>
    </div>
  );
}
