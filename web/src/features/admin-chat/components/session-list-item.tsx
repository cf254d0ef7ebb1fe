import type { AdminSessionListItem } from '@scrivo/contracts';
import { formatTime, REASON_LABEL, STATUS_LABEL, STATUS_TONE, tierLabel } from '../labels';
import { Button } from '../../../components/ui/button';

export function StatusBadge({ status }: { status: AdminSessionListItem['session']['status'] }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/** One conversation in the queue, with every field of spec section 2. */
export function SessionListItem({
  item,
  selected,
  onSelect,
}: {
  item: AdminSessionListItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const { session } = item;
  return (
    <li>
      <Button
        variant="unstyled"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-session-id={session.sessionId}
        className={`w-full space-y-1 border-b border-slate-200 px-4 py-3 text-left hover:bg-slate-50 ${selected ? 'bg-brand-50' : ''}`}
      >
        <div className="flex items-center gap-2">
          <StatusBadge status={session.status} />
          {item.unreadCount > 0 && (
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
              {item.unreadCount} new
            </span>
          )}
          <span className="ml-auto text-xs text-slate-500">{formatTime(session.lastActivityAt)}</span>
        </div>
        <div className="flex items-baseline gap-2">
          <span className="truncate font-medium text-slate-900">{item.userEmail ?? 'Anonymous User'}</span>
          <span className="shrink-0 text-xs text-slate-500">{tierLabel(item.userTier)}</span>
        </div>
        <p className="truncate text-xs text-slate-500">{session.contextPage}</p>
        {item.lastMessage && <p className="truncate text-sm text-slate-700">{item.lastMessage}</p>}
        <div className="flex items-center gap-2 text-xs text-slate-500">
          <span>
            {item.messageCount} {item.messageCount === 1 ? 'message' : 'messages'}
          </span>
          {session.escalationReason && (
            <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-900">
              {REASON_LABEL[session.escalationReason]}
            </span>
          )}
        </div>
      </Button>
    </li>
  );
}
