import type { LogDecider } from '../kernel/decider';
import type { AuditLogEvent, AuditView } from './events';

/** An auditor looked at something: recorded before the answer leaves, so a read that was not recorded is not served. */
export interface RecordAuditorRead {
  readonly type: 'RecordAuditorRead';
  readonly auditorId: string;
  readonly auditorEmail: string;
  /** The stream read, or null for a search (then `query` says what was searched). */
  readonly streamId: string | null;
  readonly view: AuditView;
  readonly query: string | null;
  readonly now: string;
}

/** The auditors' own log: a read has no rule to refuse it, so every read is one entry, whatever came before. */
export const auditLogDecider: LogDecider<RecordAuditorRead, AuditLogEvent> = {
  kind: 'log',
  initialState: () => null,
  evolve: () => null,
  decide: ({ auditorId, auditorEmail, streamId, view, query, now }) => [
    { type: 'AuditorReadStream', data: { auditorId, auditorEmail, streamId, view, query, at: now } },
  ],
};
