import type { LogDecider } from '../../kernel/decider';
import type { DomainEvent } from '../../kernel/events';

/** The one stream of the admins' presence: the widget asks whether anyone is around to answer. */
export const ADMIN_PRESENCE_STREAM = 'chat-presence-admins';

/** An admin used the queue (or kept its pane open): someone is around to answer. */
export type AdminPresent = DomainEvent<'AdminPresent', { adminId: string; at: string }>;
export type AdminPresenceEvent = AdminPresent;

export interface NoteAdminPresent {
  readonly type: 'NoteAdminPresent';
  readonly adminId: string;
  readonly now: string;
}

/**
 * Presence is a log: being seen is never refused, whatever came before. How often it is noted is the caller's
 * choice (see `presenceWorthNoting`), so an open pane does not write on every poll.
 */
export const adminPresenceDecider: LogDecider<NoteAdminPresent, AdminPresenceEvent> = {
  kind: 'log',
  initialState: () => null,
  evolve: () => null,
  decide: ({ adminId, now }) => [{ type: 'AdminPresent', data: { adminId, at: now } }],
};

/**
 * Whether the admins count as around at `now`: someone was seen within `awaySeconds`. Null when nobody ever was.
 */
export const adminsAvailable = (lastSeenAt: string | null, now: string, awaySeconds: number): boolean =>
  lastSeenAt !== null && Date.parse(now) - Date.parse(lastSeenAt) < awaySeconds * 1000;

/**
 * Whether a sighting at `now` is worth a new entry: only once the last one is half way to counting as away, so an
 * admin who stays keeps counting as available and an open pane adds at most two entries per away period.
 */
export const presenceWorthNoting = (lastSeenAt: string | null, now: string, awaySeconds: number): boolean =>
  lastSeenAt === null || Date.parse(now) - Date.parse(lastSeenAt) >= (awaySeconds * 1000) / 2;
