import type { AuditEvent } from '@scrivo/contracts';
import { Button } from '../../../components/ui/button';

/** Every event of one request, in store order, across the streams it touched. */
export function CorrelatedEvents({
  events,
  onOpen,
}: {
  events: readonly AuditEvent[];
  onOpen: (streamId: string) => void;
}) {
  return (
    <ol aria-label="Events of this request" className="border-t border-slate-200 p-3 text-xs">
      {events.map((e) => (
        <li key={e.eventId} className="flex gap-2 py-0.5">
          <span className="text-slate-500">{e.occurredAt}</span>
          <Button variant="unstyled" className="underline" onClick={() => onOpen(e.streamId)}>
            {e.streamId}
          </Button>
          <span>
            #{e.revision} {e.type}
          </span>
        </li>
      ))}
    </ol>
  );
}
