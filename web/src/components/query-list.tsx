import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/error-message';
import { Spinner } from './ui/spinner';

/**
 * A list the server answers as `{ items }` (API keys, webhooks): loading, its error read out, a line when it is
 * empty, else one row per item, so every such list says each of those states the same way.
 */
export function QueryList<Item>({
  query,
  loadingLabel,
  emptyText,
  children,
}: {
  query: UseQueryResult<{ items: Item[] }>;
  loadingLabel: string;
  emptyText: string;
  /** One row (an `li` with its key) for an item. */
  children: (item: Item) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-900">
        {errorMessage(query.error)}
      </p>
    );
  if (query.data.items.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return <ul className="flex flex-col divide-y divide-slate-100">{query.data.items.map(children)}</ul>;
}
