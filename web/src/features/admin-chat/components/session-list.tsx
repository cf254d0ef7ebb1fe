import type { AdminSessionListItem } from '@scrivo/contracts';
import type { StatusFilter } from '../api/admin-chat';
import { SessionListItem } from './session-list-item';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** The left pane: search, status filter, Refresh, the list and its pages (signing out is in the admin nav). */
export function SessionList({
  items,
  total,
  page,
  pageSize,
  loading,
  search,
  status,
  selectedId,
  onSearch,
  onStatus,
  onPage,
  onRefresh,
  onSelect,
}: {
  items: readonly AdminSessionListItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  search: string;
  status: StatusFilter;
  selectedId: string | null;
  onSearch: (value: string) => void;
  onStatus: (value: StatusFilter) => void;
  onPage: (page: number) => void;
  onRefresh: () => void;
  onSelect: (sessionId: string) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <aside
      className="flex h-full min-h-0 flex-col border-r border-slate-200 bg-white"
      aria-label="Conversations"
    >
      <div className="space-y-2 border-b border-slate-200 p-4">
        <div className="flex items-center gap-2">
          <h1 className="text-lg font-bold text-slate-900">Support chat</h1>
          <Button
            variant="unstyled"
            onClick={onRefresh}
            className="ml-auto rounded-lg border border-slate-300 px-3 py-1 text-sm"
          >
            Refresh
          </Button>
        </div>
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search conversations..."
          aria-label="Search conversations..."
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <select
          value={status}
          onChange={(e) => onStatus(e.target.value as StatusFilter)}
          aria-label="Status filter"
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="all">All Conversations</option>
          <option value="active">Active</option>
          <option value="escalated">Escalated</option>
          <option value="resolved">Resolved</option>
        </select>
      </div>
      <ul className="min-h-0 flex-1 overflow-y-auto" aria-busy={loading}>
        {!loading && items.length === 0 && (
          <li className="p-6 text-center text-sm text-slate-500">No conversations found.</li>
        )}
        {items.map((item) => (
          <SessionListItem
            key={item.session.sessionId}
            item={item}
            selected={item.session.sessionId === selectedId}
            onSelect={() => onSelect(item.session.sessionId)}
          />
        ))}
      </ul>
      {pages > 1 && (
        <nav
          className="flex items-center justify-between border-t border-slate-200 p-3 text-sm"
          aria-label="Pages"
        >
          <Button
            variant="unstyled"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            className="disabled:opacity-40"
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            variant="unstyled"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            className="disabled:opacity-40"
          >
            Next
          </Button>
        </nav>
      )}
    </aside>
  );
}
