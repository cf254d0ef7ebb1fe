import type { SaveStatus } from './autosave';

const label = (status: SaveStatus): string => {
  switch (status.kind) {
    case 'saved':
      return 'All changes saved';
    case 'pending':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline – changes kept, retrying';
    case 'conflict':
      return 'Not saved: changed elsewhere';
    case 'error':
      return 'Not saved';
  }
};

/** The save state, announced politely to screen readers as it changes. */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const tone =
    status.kind === 'saved'
      ? 'text-emerald-700'
      : status.kind === 'offline' || status.kind === 'conflict' || status.kind === 'error'
        ? 'text-amber-800'
        : 'text-slate-600';
  return (
    <span role="status" aria-live="polite" className={`text-sm ${tone}`} data-testid="save-status">
      {label(status)}
    </span>
  );
}
