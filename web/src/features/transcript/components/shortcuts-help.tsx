import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

const SHORTCUTS: readonly { keys: string[]; action: string }[] = [
  { keys: ['Space', 'K'], action: 'Play or pause' },
  { keys: ['←', 'J'], action: 'Back 5 seconds' },
  { keys: ['→', 'L'], action: 'Forward 5 seconds' },
  { keys: ['<', '>'], action: 'Slower or faster' },
  { keys: ['A'], action: 'Turn auto-scroll on or off' },
  { keys: ['?'], action: 'Show this help' },
  { keys: ['Esc'], action: 'Close this help' },
];

/** The keyboard shortcuts overlay: a modal dialog (the native <dialog> traps focus and closes on Esc). */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="shortcuts-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="shortcuts-title" className="mb-4 text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt className="flex gap-1">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-700">{action}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="unstyled"
        onClick={onClose}
        className="mt-6 w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Close
      </Button>
    </dialog>
  );
}
