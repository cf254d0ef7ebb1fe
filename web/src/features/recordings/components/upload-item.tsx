import { Link } from '@tanstack/react-router';
import { formatBytes } from '../upload/refusals';
import { timeLeftLabel } from '../upload/transfer-rate';
import type { UploadItem as Item } from '../upload/upload-queue';
import { Button } from '../../../components/ui/button';

interface Props {
  item: Item;
  onCancel(key: string): void;
  onRetry(key: string): void;
  onDismiss(key: string): void;
  /** Keep a file whose audio could not be read, as a file. */
  onKeep(key: string): void;
}

const phaseText = (item: Item): string => {
  switch (item.phase) {
    case 'uploading':
      return item.resumed ? 'Resumed' : 'Uploading';
    case 'resuming':
      return 'Resuming…';
    case 'offline':
      return 'Connection lost, retrying…';
    case 'done':
      return 'Uploaded';
    case 'refused':
      return 'Not uploaded';
    case 'failed':
      return 'Stopped';
    case 'needs-file':
      return 'Waiting for the file';
    case 'keeping':
      return 'Keeping the file…';
    case 'kept':
      return 'Not audio we can read: kept as a file';
  }
};

/** One file in the upload queue: progress with speed and time left, and what can be done with it. */
export function UploadItem({ item, onCancel, onRetry, onDismiss, onKeep }: Props) {
  const percent = item.size > 0 ? Math.floor((item.bytesSent / item.size) * 100) : 0;
  const active = item.phase === 'uploading' || item.phase === 'resuming' || item.phase === 'offline';
  const speed = item.bytesPerSecond !== null ? `${formatBytes(item.bytesPerSecond)}/s` : null;
  const left = timeLeftLabel(item.secondsLeft);
  const problem = item.phase === 'refused' || item.phase === 'failed' || item.phase === 'needs-file';
  return (
    <li
      className={`flex flex-col gap-2 rounded-xl border p-4 ${problem ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'}`}
      data-testid="upload-item"
      data-phase={item.phase}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900" title={item.fileName}>
            {item.fileName}
          </p>
          <p className="text-sm text-slate-600">
            {phaseText(item)} · {formatBytes(item.bytesSent)} of {formatBytes(item.size)}
          </p>
        </div>
        {active && (
          <Button
            variant="unstyled"
            onClick={() => onCancel(item.key)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
            aria-label={`Cancel upload of ${item.fileName}`}
          >
            Cancel
          </Button>
        )}
        {!active && item.phase !== 'done' && item.phase !== 'keeping' && item.phase !== 'kept' && (
          <Button
            variant="unstyled"
            onClick={() => (item.phase === 'failed' ? onCancel(item.key) : onDismiss(item.key))}
            className="rounded-lg px-2 py-1 text-sm text-slate-700 hover:bg-white"
            aria-label={`Remove ${item.fileName} from the list`}
          >
            <span aria-hidden="true">✕</span>
          </Button>
        )}
      </div>
      {(active || item.phase === 'done' || item.phase === 'failed') && (
        <>
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={`Upload of ${item.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div
              className={`h-full rounded-full transition-[width] duration-300 ${item.phase === 'done' ? 'bg-emerald-500' : 'bg-brand-600'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="flex justify-between text-xs tabular-nums text-slate-600" aria-live="off">
            <span data-testid="upload-percent">{percent}%</span>
            <span>{[speed, item.phase === 'uploading' ? left : null].filter(Boolean).join(' · ')}</span>
          </p>
        </>
      )}
      {item.phase === 'kept' && (
        <p role="status" className="text-sm text-slate-700">
          Kept in your recordings as a file. It will not be transcribed.
        </p>
      )}
      {item.refusal && (
        <p role="alert" className="text-sm text-red-900" data-testid="upload-refusal">
          {item.refusal.message}{' '}
          {item.refusal.upgrade && (
            <Link to="/plan-selection" className="font-medium underline">
              See plans
            </Link>
          )}
        </p>
      )}
      {item.phase === 'refused' && item.refusal?.keepable && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="unstyled"
            onClick={() => onKeep(item.key)}
            className="rounded-lg border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-900 hover:bg-red-100"
          >
            Keep the file anyway
          </Button>
          <span className="text-xs text-slate-700">
            Stored in your recordings to download later; it will not be transcribed.
          </span>
        </div>
      )}
      {item.phase === 'failed' && (
        <Button
          variant="unstyled"
          onClick={() => onRetry(item.key)}
          className="self-start rounded-lg border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-900 hover:bg-red-100"
        >
          Try again
        </Button>
      )}
    </li>
  );
}
