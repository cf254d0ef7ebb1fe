import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

interface Props {
  message: string;
  /** When undo stops being possible (the server's grace period), capped to keep the bar short-lived. */
  until: Date;
  onUndo(): void;
  onExpire(): void;
  busy?: boolean;
}

const MAX_VISIBLE_MS = 10_000;

/** "Deleted. Undo" at the bottom of the screen, for as long as undoing is possible (at most 10 s on screen). */
export function UndoBar({ message, until, onUndo, onExpire, busy }: Props) {
  const [deadline] = useState(() => Math.min(until.getTime(), Date.now() + MAX_VISIBLE_MS));
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  useEffect(() => {
    const timer = setInterval(() => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) onExpire();
    }, 250);
    return () => clearInterval(timer);
  }, [deadline, onExpire]);
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-24 z-[60] mx-auto sm:bottom-28 flex max-w-md items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-white shadow-xl"
    >
      <span className="flex-1 text-sm">{message}</span>
      <Button
        variant="unstyled"
        onClick={onUndo}
        disabled={busy}
        className="rounded-lg px-3 py-1 text-sm font-semibold text-brand-100 tabular-nums hover:bg-white/10 disabled:opacity-60"
        aria-label={`Undo, ${left} seconds left`}
      >
        Undo <span aria-hidden="true">({left})</span>
      </Button>
    </div>
  );
}
