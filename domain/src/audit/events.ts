import type { DomainEvent } from '../kernel/events';

/** What an auditor looked at: a stream's events, its state at a step, an export, or a search. */
export type AuditView = 'events' | 'state' | 'export-jsonl' | 'export-pdf' | 'search';

// ---- audit log stream: `audit-log-{auditorId}` ----
// Every auditor read is itself an event, so the auditors are audited; admins list them.
export type AuditorReadStream = DomainEvent<
  'AuditorReadStream',
  {
    auditorId: string;
    auditorEmail: string;
    /** The stream read, or null for a search that found streams (then `query` says what was searched). */
    streamId: string | null;
    view: AuditView;
    query: string | null;
    at: string;
  }
>;
export type AuditLogEvent = AuditorReadStream;

export const AUDIT_LOG_EVENT_TYPES: readonly AuditLogEvent['type'][] = ['AuditorReadStream'];

export const AuditStreams = {
  log: (auditorId: string) => `audit-log-${auditorId}`,
};
