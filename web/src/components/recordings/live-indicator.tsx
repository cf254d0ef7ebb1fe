import type { LiveState } from '../../lib/api/recording-events';

/** Tells people whether statuses update by themselves right now. */
export function LiveIndicator({ state }: { state: LiveState }) {
  if (state === 'live') {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs text-slate-600" data-testid="live">
        <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" /> Live
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-amber-800" role="status">
      <span className="h-2 w-2 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
      {state === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}
