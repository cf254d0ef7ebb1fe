import { type ReactNode, useEffect, useId, useRef } from 'react';

interface DialogProps {
  readonly open: boolean;
  /** Escape, the close button or the caller's own buttons: the dialog tells its owner it is closed. */
  onClose(): void;
  /** The dialog's name for screen readers and its visible heading. */
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** A ✕ button beside the title (labelled "Close"). */
  readonly closable?: boolean;
  readonly size?: 'sm' | 'md';
  readonly children: ReactNode;
}

const widths = { sm: 'w-[min(26rem,calc(100vw-2rem))]', md: 'w-[min(34rem,calc(100vw-2rem))]' };

/**
 * A modal on the native <dialog>: showModal() keeps focus inside and makes the page behind it inert, Escape closes
 * it, and focus goes back to what had it before (the button that opened it). Its content is rendered only while
 * open, so what it loads is asked for only when someone looks.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  closable = false,
  size = 'sm',
  children,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // Unique per dialog: a page may hold several.
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);
  const closed = () => {
    if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    opener.current = null;
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      onClose={closed}
      aria-labelledby={titleId}
      className={`m-auto ${widths[size]} rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40`}
    >
      {open && (
        <>
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
            </div>
            {closable && (
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100"
                aria-label="Close"
              >
                ✕
              </button>
            )}
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
