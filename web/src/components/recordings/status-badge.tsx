import type { Recording } from '@scrivo/contracts/recordings/recordings.contract';
import { isWorking } from '../../lib/recordings/is-working';

const styles: Record<Recording['status'], string> = {
  uploading: 'bg-sky-100 text-sky-900',
  queued: 'bg-slate-100 text-slate-800',
  transcribing: 'bg-brand-100 text-brand-900',
  completed: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-amber-100 text-amber-900',
  unreadable: 'bg-slate-200 text-slate-800',
};

const statusLabel = (recording: Pick<Recording, 'status' | 'progress'>): string => {
  const percent = Math.floor(recording.progress * 100);
  switch (recording.status) {
    case 'uploading':
      return `Uploading ${percent}%`;
    case 'queued':
      return 'Queued';
    case 'transcribing':
      return `Transcribing ${percent}%`;
    case 'completed':
      return 'Completed';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
    case 'unreadable':
      return 'Kept as a file';
  }
};

/** The recording's state in one word (with the percent while work is running); announced when it changes. */
export function StatusBadge({ recording }: { recording: Pick<Recording, 'status' | 'progress'> }) {
  const busy = isWorking(recording);
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${styles[recording.status]}`}
      data-status={recording.status}
      data-testid="status-badge"
    >
      {busy && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />}
      {statusLabel(recording)}
    </span>
  );
}
