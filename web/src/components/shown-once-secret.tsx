import type { ReactNode } from 'react';
import { Input } from './ui/input';

/**
 * A secret the server shows only in the answer that created it (an API key, a webhook's signing secret): the
 * warning, then the value in a read-only box that selects itself, so it is copied whole before it is gone.
 */
export function ShownOnceSecret({
  testId,
  label,
  secret,
  children,
}: {
  testId: string;
  /** The box's accessible name. */
  label: string;
  secret: string;
  /** The warning above the box. */
  children: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-lg bg-brand-50 p-3" data-testid={testId}>
      <p className="text-sm font-medium">{children}</p>
      <Input
        readOnly
        aria-label={label}
        value={secret}
        onFocus={(e) => e.target.select()}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm"
      />
    </div>
  );
}
