import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * One action of the user page: its own fields, the reason every change must give, and a submit button. The
 * reason is cleared after a success so the next change asks again.
 */
export function ActionForm({
  title,
  submitLabel,
  tone = 'neutral',
  busy,
  error,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  tone?: 'neutral' | 'danger';
  busy: boolean;
  error: string | null;
  onSubmit: (reason: string) => Promise<boolean>;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <form
      aria-label={title}
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(reason).then((done) => done && setReason(''));
      }}
    >
      <h2 className="font-semibold text-slate-900">{title}</h2>
      {children}
      <label htmlFor={`${id}-reason`} className="block text-slate-700">
        Reason
      </label>
      <Input
        id={`${id}-reason`}
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="Why? (kept in the history)"
        className="w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      <Button
        variant="unstyled"
        type="submit"
        disabled={busy}
        className={`rounded-lg px-3 py-2 text-white disabled:opacity-50 ${tone === 'danger' ? 'bg-red-700' : 'bg-slate-900'}`}
      >
        {submitLabel}
      </Button>
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
