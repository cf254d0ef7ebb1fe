import type { Recording, TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { formatClock } from '../../../lib/time';

/**
 * The finished parts of a long recording while the rest is still being transcribed: plain, read-only lines (the
 * editor, player and notes open once the whole transcript is there).
 */
export function TranscriptSoFar({ segments }: { segments: readonly TranscriptSegment[] }) {
  return (
    <section aria-label="Transcript so far" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Transcript so far</h2>
      <ol className="flex flex-col gap-2" data-testid="transcript-so-far">
        {segments.map((segment) => (
          <li key={segment.id} className="flex gap-3 text-slate-800">
            <span className="shrink-0 font-mono text-xs leading-6 text-slate-500">
              {formatClock(segment.start)}
            </span>
            <span lang={segment.language}>{segment.text.trim()}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the page says while a recording is on its way; a long one counts its parts. */
export const workingMessage = ({ status, pieces }: Pick<Recording, 'status' | 'pieces'>): string => {
  if (status === 'uploading')
    return 'The file is still uploading. The transcript starts as soon as it has arrived.';
  if (status === 'queued')
    return 'Waiting for its turn. The transcript appears here by itself when it is ready.';
  if (pieces)
    return `Transcribing... ${pieces.done} of ${pieces.total} parts done. Each part appears here as soon as it is ready.`;
  return 'Transcribing. The transcript appears here by itself when it is ready.';
};
