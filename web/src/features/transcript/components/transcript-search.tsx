import { forwardRef, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

interface Props {
  query: string;
  onQuery(query: string): void;
  /** How many places match, and which one is shown (0-based, -1 when none). */
  count: number;
  current: number;
  onStep(direction: 1 | -1): void;
  onClose(): void;
  /** In the editor: replace every match with this text. */
  onReplaceAll?: (replacement: string) => void;
}

const iconButton =
  'inline-flex h-8 w-8 items-center justify-center rounded text-slate-700 hover:bg-slate-100 disabled:opacity-40';

/** Find in this transcript (Ctrl+F): a count, previous/next, and in the editor a replace-all. */
export const TranscriptSearch = forwardRef<HTMLInputElement, Props>(function TranscriptSearch(
  { query, onQuery, count, current, onStep, onClose, onReplaceAll },
  ref,
) {
  const [replacement, setReplacement] = useState('');
  return (
    <div
      role="search"
      aria-label="Search in this transcript"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-2 py-1.5 shadow-sm"
    >
      <Input
        ref={ref}
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') onClose();
        }}
        aria-label="Find in transcript"
        placeholder="Find in transcript"
        className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <span
        className="min-w-16 text-sm tabular-nums text-slate-600"
        aria-live="polite"
        data-testid="search-count"
      >
        {query.trim() ? (count === 0 ? 'No matches' : `${current + 1} of ${count}`) : ''}
      </span>
      <Button
        variant="unstyled"
        className={iconButton}
        disabled={count === 0}
        onClick={() => onStep(-1)}
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
      >
        <Icon name="chevronUp" />
      </Button>
      <Button
        variant="unstyled"
        className={iconButton}
        disabled={count === 0}
        onClick={() => onStep(1)}
        aria-label="Next match"
        title="Next match (Enter)"
      >
        <Icon name="chevronDown" />
      </Button>
      {onReplaceAll && (
        <>
          <Input
            type="text"
            value={replacement}
            onChange={(event) => setReplacement(event.target.value)}
            aria-label="Replace with"
            placeholder="Replace with"
            className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <Button
            variant="unstyled"
            disabled={count === 0}
            onClick={() => onReplaceAll(replacement)}
            className="h-8 rounded border border-slate-300 px-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-40"
          >
            Replace all
          </Button>
        </>
      )}
      <Button variant="unstyled" className={iconButton} onClick={onClose} aria-label="Close search">
        <Icon name="close" />
      </Button>
    </div>
  );
});
