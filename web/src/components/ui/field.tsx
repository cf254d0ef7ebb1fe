import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: string;
  /** Green border: the live check passed. */
  readonly valid?: boolean;
  readonly error?: string;
  readonly hint?: ReactNode;
}

export const inputClass = (valid?: boolean, error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm outline-none transition-colors placeholder:text-slate-400 focus:ring-2 ${
    error
      ? 'border-red-500 focus:ring-red-200'
      : valid
        ? 'border-green-500 focus:ring-green-200'
        : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;

/** A labelled input with its live state and error, wired for screen readers. */
export function Field({ label, valid, error, hint, ...input }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-valid={valid ? 'true' : undefined}
        className={inputClass(valid, error)}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
