import type { Annotation, TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { useState } from 'react';
import { formatClock } from '../../../lib/time';
import { Button } from '../../../components/ui/button';
import { initials } from '../../../lib/initials';

/** The words of a passage as the transcript says them now (the words whose middle lies in its times). */
const passageText = (
  segments: readonly TranscriptSegment[],
  a: Pick<Annotation, 'start' | 'end'>,
): string => {
  const inside = (from: number, to: number) =>
    (from + to) / 2 >= a.start - 0.01 && (from + to) / 2 <= a.end + 0.01;
  return segments
    .flatMap((s) =>
      s.words.length > 0
        ? s.words.filter((w) => inside(w.start, w.end)).map((w) => w.text.trim())
        : inside(s.start, s.end)
          ? [s.text.trim()]
          : [],
    )
    .join(' ');
};

interface Props {
  annotations: readonly Annotation[];
  segments: readonly TranscriptSegment[];
  busy: boolean;
  /** Play from the passage. */
  onPlayFrom(seconds: number): void;
  onEdit(annotationId: string, comment: string): void;
  onRemove(annotationId: string): void;
}

/**
 * The owner's highlights and comments under the player, in the order of the transcript: a click plays the
 * passage; comments can be edited, and both deleted.
 */
export function AnnotationsList({ annotations, segments, busy, onPlayFrom, onEdit, onRemove }: Props) {
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  if (annotations.length === 0) return null;
  return (
    <section aria-label="Highlights and comments" className="rounded-xl border border-slate-200 bg-white p-3">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Highlights and comments</h2>
      <ul className="flex flex-col gap-2">
        {annotations.map((a) => (
          <li
            key={a.id}
            data-testid="annotation"
            className={`rounded-lg border-l-4 px-3 py-2 text-sm ${a.kind === 'comment' ? 'border-sky-400 bg-sky-50' : 'border-yellow-400 bg-yellow-50'}`}
          >
            <Button
              variant="unstyled"
              onClick={() => onPlayFrom(a.start)}
              className="text-left text-slate-700 hover:underline"
              aria-label={`Play from ${formatClock(a.start)}`}
            >
              <span className="mr-2 font-mono text-xs text-brand-700">{formatClock(a.start)}</span>“
              {passageText(segments, a)}”
            </Button>
            {a.kind === 'comment' && editing?.id !== a.id && (
              <p className="mt-1 whitespace-pre-wrap text-slate-900">{a.comment}</p>
            )}
            {editing?.id === a.id && (
              <form
                className="mt-1 flex flex-col gap-1"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!editing.text.trim()) return;
                  onEdit(a.id, editing.text.trim());
                  setEditing(null);
                }}
              >
                <textarea
                  autoFocus
                  rows={3}
                  maxLength={2000}
                  aria-label="Edit comment"
                  value={editing.text}
                  onChange={(event) => setEditing({ id: a.id, text: event.target.value })}
                  className="rounded border border-slate-300 bg-white px-2 py-1"
                />
                <div className="flex gap-2">
                  <Button
                    variant="unstyled"
                    type="submit"
                    disabled={busy || !editing.text.trim()}
                    className="h-8 rounded bg-brand-600 px-3 font-medium text-white disabled:opacity-50"
                  >
                    Save
                  </Button>
                  <Button variant="unstyled" className="h-8 px-2" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </div>
              </form>
            )}
            <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
              <span className="inline-flex items-center gap-1.5">
                {a.kind === 'comment' && (
                  <span
                    aria-hidden="true"
                    data-testid="author-initials"
                    className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-brand-100 text-[10px] font-semibold text-brand-800"
                  >
                    {initials(a.author.name)}
                  </span>
                )}
                {a.kind === 'comment' ? a.author.name : 'Highlight'} ·{' '}
                {new Date(a.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                {a.editedAt ? ' (edited)' : ''}
              </span>
              {a.kind === 'comment' && editing?.id !== a.id && (
                <Button
                  variant="unstyled"
                  disabled={busy}
                  onClick={() => setEditing({ id: a.id, text: a.comment ?? '' })}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Edit
                </Button>
              )}
              <Button
                variant="unstyled"
                disabled={busy}
                onClick={() => onRemove(a.id)}
                aria-label={a.kind === 'comment' ? 'Delete comment' : 'Remove highlight'}
                className="font-medium text-red-700 hover:underline"
              >
                {a.kind === 'comment' ? 'Delete' : 'Remove'}
              </Button>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
