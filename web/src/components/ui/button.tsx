import type { ComponentProps } from 'react';

/**
 * `unstyled`: the kit's behaviour (a plain button unless told to submit, the busy state) with the caller's classes
 * as its whole look, for the shapes the named variants do not draw (tabs, timestamps, toolbar icons, lanes).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link' | 'unstyled';
/** `form`: the full width of a form (add `className="sm:w-auto"` to shrink on wider screens); `compact`: its text. */
export type ButtonSize = 'form' | 'compact';

const base =
  'inline-flex items-center justify-center rounded-lg disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: `${base} bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700`,
  secondary: `${base} border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-50`,
  danger: `${base} bg-red-600 font-medium text-white hover:bg-red-700`,
  link: 'text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline disabled:opacity-60',
  unstyled: '',
};
const sizes: Record<ButtonSize, string> = { form: 'w-full px-4 py-2.5', compact: 'px-4 py-2' };

/** The classes of a button, also for a link that looks like one (navigation stays a real link). */
export const buttonClass = (variant: ButtonVariant, size: ButtonSize = 'form', className?: string) =>
  [variants[variant], variant === 'link' || variant === 'unstyled' ? '' : sizes[size], className ?? '']
    .filter(Boolean)
    .join(' ');

interface ButtonProps extends ComponentProps<'button'> {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** Its request is running: the button is disabled and says so (`busyLabel`) to sighted and screen-reader users. */
  readonly busy?: boolean;
  readonly busyLabel?: string;
}

/**
 * The app's button: primary, secondary, danger, link-like or unstyled, with a busy state while its request runs.
 * Features use it instead of a raw `<button>` (lint enforces it outside components/ui).
 */
export function Button({
  variant = 'primary',
  size = 'form',
  busy = false,
  busyLabel,
  className,
  disabled,
  type = 'button',
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(variant, size, className) || undefined}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
