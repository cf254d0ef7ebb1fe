import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/error-message';
import { useRename } from '../../lib/api/recordings';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

interface Props {
  id: string;
  title: string;
  /** How the title shows when not editing (a link in lists, a heading on the transcript page). */
  children: ReactNode;
  /** The caller may not rename it (a workspace's viewer): the title alone, no Rename button. */
  readOnly?: boolean;
}

/** A title with a Rename button; Enter saves, Escape gives up. */
export function InlineTitle({ id, title, children, readOnly = false }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const rename = useRename();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    rename.reset();
    requestAnimationFrame(() => button.current?.focus());
  };
  const save = () => {
    const next = draft.trim();
    if (!next) return;
    if (next === title) return stop();
    rename.mutate({ id, title: next }, { onSuccess: stop });
  };

  if (readOnly) return <div className="min-w-0">{children}</div>;
  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <div className="min-w-0">{children}</div>
        <Button
          variant="unstyled"
          ref={button}
          onClick={() => {
            setDraft(title);
            setEditing(true);
          }}
          className="shrink-0 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          aria-label={`Rename “${title}”`}
        >
          Rename
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={input}
          value={draft}
          maxLength={200}
          aria-label="New title"
          aria-invalid={!draft.trim() || rename.isError}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              stop();
            }
          }}
          className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 px-2"
        />
        <Button
          variant="unstyled"
          type="submit"
          disabled={!draft.trim() || rename.isPending}
          className="h-9 rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {rename.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button
          variant="unstyled"
          onClick={stop}
          className="h-9 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Cancel
        </Button>
      </div>
      {!draft.trim() && <p className="text-sm text-red-800">A title cannot be empty.</p>}
      {rename.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(rename.error, 'The new title could not be saved.')}
        </p>
      )}
    </form>
  );
}
