import { useCallback, useSyncExternalStore } from 'react';

type ToastVariant = 'destructive' | 'neutral';

export interface ToastInput {
  readonly title: string;
  readonly description?: string;
  /** Notices are destructive unless marked neutral (spec section 8). */
  readonly variant?: ToastVariant;
  /** Milliseconds before it goes away on its own. */
  readonly durationMs?: number;
}

interface ShownToast extends Required<Omit<ToastInput, 'description'>> {
  readonly id: number;
  readonly description?: string;
}

// One toast at a time (spec section 9): a new one replaces the one showing.
let current: ShownToast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const showToast = (input: ToastInput): void => {
  clearTimeout(timer);
  const shown: ShownToast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'destructive',
    durationMs: input.durationMs ?? 6000,
  };
  current = shown;
  emit();
  timer = setTimeout(() => dismissToast(shown.id), shown.durationMs);
};

const dismissToast = (id?: number): void => {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Shows notices. Every feature uses this, so users see one consistent kind of message. */
export const useToast = () => {
  const toast = useCallback((input: ToastInput) => showToast(input), []);
  const dismiss = useCallback(() => dismissToast(), []);
  return { toast, dismiss };
};

const useCurrentToast = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

/** Mounted once in the root route. Destructive toasts are alerts; neutral ones are polite status messages. */
export function Toaster() {
  const toast = useCurrentToast();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex justify-center px-4 sm:inset-x-auto sm:right-4 sm:justify-end">
      <div aria-live="polite" className="w-full max-w-sm">
        {toast && (
          <div
            key={toast.id}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            data-variant={toast.variant}
            data-testid="toast"
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg ${
              toast.variant === 'destructive'
                ? 'border-red-200 bg-red-50 text-red-900'
                : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="rounded p-1 text-current opacity-60 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
