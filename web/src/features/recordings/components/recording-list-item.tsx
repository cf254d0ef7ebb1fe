import type { RecordingListItem as Item } from '@scrivo/contracts/recordings/recordings.contract';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { languageName } from '../../../lib/language';
import { formatClock } from '../../../lib/time';
import { Highlight } from './highlight';
import { KeptFile } from '../../../components/recordings/kept-file';
import { Button } from '../../../components/ui/button';
import { usePinRecording } from '../api/recordings';
import { StatusBadge } from '../../../components/recordings/status-badge';

interface Props {
  recording: Item;
  /** Words to mark in the title and the transcript excerpt (the library search). */
  query?: string;
  /** Replaces the title link (the library's inline rename). */
  title?: ReactNode;
  actions?: ReactNode;
  /** Offer Pin (the caller may edit it); by default wherever actions are offered. */
  pinnable?: boolean;
  onRetry?(id: string): void;
  retrying?: boolean;
}

/** Refusals of the file's content (recordings left from before uploads were refused outright). */
const UNREADABLE_FILE = new Set([
  'EMPTY_FILE',
  'UNSUPPORTED_MEDIA',
  'CORRUPT_MEDIA',
  'NO_AUDIO_STREAM',
  'ZERO_LENGTH',
]);

/** Pin keeps the recording at the top of the library, whatever order it is sorted in; Unpin lets it go back. */
function PinButton({ recording }: { recording: Item }) {
  const pin = usePinRecording();
  const pinned = recording.pinned === true;
  return (
    <Button
      variant="secondary"
      size="compact"
      busy={pin.isPending}
      busyLabel={pinned ? 'Unpinning…' : 'Pinning…'}
      aria-label={`${pinned ? 'Unpin' : 'Pin'} “${recording.title}”`}
      onClick={() => pin.mutate({ id: recording.id, pinned: !pinned })}
    >
      {pinned ? 'Unpin' : 'Pin'}
    </Button>
  );
}

/** When its workspace's retention removes the recording or its media; amber in its last 7 days. */
function RemovalDate({ removal }: { removal: NonNullable<Item['removal']> }) {
  const day = new Date(removal.at).toLocaleDateString(undefined, { dateStyle: 'medium' });
  return (
    <span data-testid="removal-date" className={removal.soon ? 'font-medium text-amber-800' : undefined}>
      {removal.scope === 'media' ? `Audio and video removed on ${day}` : `Moves to the bin on ${day}`}
    </span>
  );
}

/** One recording in a list: title, status, duration, language, date, and why it failed with a retry. */
export function RecordingListItem({
  recording,
  query = '',
  title,
  actions,
  pinnable = !!actions,
  onRetry,
  retrying,
}: Props) {
  // The file itself could not be read: transcribing it again cannot help, so no Retry is offered.
  const unreadable = UNREADABLE_FILE.has(recording.error?.code ?? '');
  const language = languageName(recording.language);
  const working = recording.status === 'uploading' || recording.status === 'transcribing';
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="recording-item"
      data-recording-id={recording.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {title ?? (
            <Link
              to="/transcription/$recordingId"
              params={{ recordingId: recording.id }}
              className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              <Highlight text={recording.title} query={query} />
            </Link>
          )}
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
            <time dateTime={recording.createdAt}>
              {new Date(recording.createdAt).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </time>
            {recording.durationSeconds !== null && <span>{formatClock(recording.durationSeconds)}</span>}
            {language && <span>{language}</span>}
            {recording.removal ? <RemovalDate removal={recording.removal} /> : null}
          </p>
        </div>
        <StatusBadge recording={recording} />
      </div>
      {working && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label={`${recording.title}: ${recording.status}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.floor(recording.progress * 100)}
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
            style={{ width: `${Math.floor(recording.progress * 100)}%` }}
          />
        </div>
      )}
      {recording.snippet && (
        // The server marks where it cut the transcript with "…" already (snippetAround in api/).
        <p className="text-sm text-slate-700" data-testid="recording-snippet">
          <Highlight text={recording.snippet} query={query} />
        </p>
      )}
      {recording.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="flex-1">{recording.error?.message ?? 'The transcription failed.'}</span>
          {onRetry && !unreadable && (
            <Button
              variant="unstyled"
              onClick={() => onRetry(recording.id)}
              disabled={retrying}
              className="rounded-lg border border-red-300 bg-white px-3 py-1 font-medium text-red-900 hover:bg-red-100 disabled:opacity-60"
            >
              {retrying ? 'Retrying…' : 'Retry'}
            </Button>
          )}
        </div>
      )}
      {recording.status === 'unreadable' && <KeptFile recording={recording} />}
      {(actions || pinnable) && (
        // A list that offers actions on its recordings (the library) offers pinning too.
        <div className="flex flex-wrap items-center justify-end gap-2">
          {pinnable && <PinButton recording={recording} />}
          {actions}
        </div>
      )}
    </li>
  );
}
