import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { type RefObject, useEffect, useState } from 'react';
import { selectionTimes } from '../lib/annotated-words';
import type { LineChange } from './use-transcript-editor';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** What the owner can do with selected words besides naming the speaker: mark them, or comment on them. */
export interface SelectionNotes {
  busy: boolean;
  onHighlight(passage: { start: number; end: number }): void;
  onComment(passage: { start: number; end: number }, comment: string): void;
}

type Position = { segment: number; word: number };

/** The word a node of the transcript belongs to (`data-word="segment:word"`, word -1: a segment without words). */
const wordOf = (node: Node | null, segments: readonly TranscriptSegment[], end: boolean): Position | null => {
  const element = node instanceof Element ? node : node?.parentElement;
  const marked = element?.closest<HTMLElement>('[data-word]');
  const [segment, word] = (marked?.dataset.word ?? '').split(':').map(Number);
  if (segment === undefined || word === undefined || Number.isNaN(segment) || !segments[segment]) return null;
  if (word >= 0) return { segment, word };
  // A segment without word times: the server cuts it at spaces, so take all of it.
  const count = segments[segment]!.text.split(/\s+/).filter(Boolean).length;
  return { segment, word: end ? Math.max(0, count - 1) : 0 };
};

/** The words selected in the reading view, in reading order, or null when the selection is not in it. */
const selectedRun = (
  root: HTMLElement,
  segments: readonly TranscriptSegment[],
): { from: Position; to: Position; words: number } | null => {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || !selection.toString().trim()) return null;
  if (!root.contains(selection.anchorNode) || !root.contains(selection.focusNode)) return null;
  const range = selection.getRangeAt(0);
  const from = wordOf(range.startContainer, segments, false);
  const to = wordOf(range.endContainer, segments, true);
  if (!from || !to) return null;
  const words = selection.toString().trim().split(/\s+/).length;
  return { from, to, words };
};

/**
 * Select words in the transcript (across lines and speakers), then highlight them, comment on them, or (with the
 * editor) say who said them: the fastest fix of a diarization mistake, as in the editors people know.
 */
export function SelectionAssign({
  root,
  segments,
  busy,
  onAssign,
  notes,
}: {
  root: RefObject<HTMLElement | null>;
  segments: readonly TranscriptSegment[];
  busy: boolean;
  /** Absent without the editor (Free): no speaker buttons. */
  onAssign?: (change: LineChange) => void;
  notes?: SelectionNotes;
}) {
  const [run, setRun] = useState<ReturnType<typeof selectedRun>>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [commenting, setCommenting] = useState<{ start: number; end: number } | null>(null);
  const [comment, setComment] = useState('');
  useEffect(() => {
    // While a new name or a comment is typed the page selection moves into the field: the words chosen stay.
    if (naming || commenting) return;
    const update = () => {
      if (root.current) setRun(selectedRun(root.current, segments));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [root, segments, naming, commenting]);
  if (commenting && notes)
    return (
      <form
        aria-label="Comment on the selected words"
        className="sticky top-2 z-10 flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm shadow-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (!comment.trim()) return;
          notes.onComment(commenting, comment.trim());
          setCommenting(null);
          setComment('');
          setRun(null);
        }}
      >
        <textarea
          autoFocus
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-label="Comment"
          placeholder="Write a comment on these words"
          className="rounded border border-slate-300 bg-white px-2 py-1"
        />
        <div className="flex gap-2">
          <Button
            variant="unstyled"
            type="submit"
            disabled={notes.busy || !comment.trim()}
            className="h-8 rounded bg-brand-600 px-3 font-medium text-white disabled:opacity-50"
          >
            Save comment
          </Button>
          <Button
            variant="unstyled"
            className="h-8 px-2"
            onClick={() => {
              setCommenting(null);
              setComment('');
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  // The bar's place is kept while nothing is selected: appearing mid-drag, it would push the words away from the
  // pointer and change the selection under it.
  if (!run && !naming)
    return (
      <p className="flex min-h-[3.25rem] items-center rounded-lg border border-dashed border-slate-200 px-3 py-2 text-sm text-slate-600">
        {onAssign
          ? 'Select words to highlight them, comment on them or say who said them.'
          : 'Select words to highlight them or comment on them.'}
      </p>
    );
  const speakers = [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  const assign = (speaker: string) => {
    if (!run || !onAssign) return;
    onAssign({ kind: 'assignSpeaker', from: run.from, to: run.to, speaker });
    window.getSelection()?.removeAllRanges();
    setNaming(false);
    setName('');
    setRun(null);
  };
  const passage = run ? selectionTimes(segments, run.from, run.to) : null;
  return (
    <div
      role="group"
      aria-label="Selected words"
      className="sticky top-2 z-10 flex min-h-[3.25rem] flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800 shadow-sm"
    >
      <span>{run ? `${run.words} ${run.words === 1 ? 'word' : 'words'} selected.` : ''}</span>
      {notes && passage && !naming && (
        <>
          <Button
            variant="unstyled"
            disabled={notes.busy}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              notes.onHighlight(passage);
              window.getSelection()?.removeAllRanges();
              setRun(null);
            }}
            className="h-8 rounded border border-yellow-300 bg-yellow-100 px-2 font-medium hover:bg-yellow-200 disabled:opacity-50"
          >
            Highlight
          </Button>
          <Button
            variant="unstyled"
            disabled={notes.busy}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setCommenting(passage)}
            className="h-8 rounded border border-sky-300 bg-white px-2 font-medium hover:bg-sky-50 disabled:opacity-50"
          >
            Comment…
          </Button>
        </>
      )}
      {onAssign && <span>Who said {run?.words === 1 ? 'it' : 'them'}?</span>}
      {naming ? (
        <form
          className="flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            const tidy = name.replace(/\s+/g, ' ').trim();
            if (tidy) assign(tidy);
          }}
        >
          <Input
            autoFocus
            type="text"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-label="Name of the new speaker for the selected words"
            placeholder="New speaker name"
            className="h-8 rounded border border-slate-300 bg-white px-2"
          />
          <Button
            variant="unstyled"
            type="submit"
            className="h-8 rounded bg-brand-600 px-3 font-medium text-white"
          >
            Assign
          </Button>
          <Button
            variant="unstyled"
            className="h-8 px-2"
            onClick={() => {
              setNaming(false);
              setRun(null);
            }}
          >
            Cancel
          </Button>
        </form>
      ) : (
        onAssign && (
          <>
            {speakers.map((speaker) => (
              <Button
                variant="unstyled"
                key={speaker}
                disabled={busy}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => assign(speaker)}
                aria-label={`Assign to ${speaker}`}
                className="h-8 rounded border border-slate-300 bg-white px-2 font-medium hover:bg-slate-50 disabled:opacity-50"
              >
                {speaker}
              </Button>
            ))}
            <Button
              variant="unstyled"
              disabled={busy}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setNaming(true)}
              aria-label="Assign to a new speaker"
              className="h-8 rounded border border-dashed border-slate-400 bg-white px-2 hover:bg-slate-50 disabled:opacity-50"
            >
              New speaker…
            </Button>
          </>
        )
      )}
    </div>
  );
}
