// What must hold after a fault run (issue 45, item 3): each accepted upload completed exactly once, its minutes
// charged once, no job left holding a lease, no 500 seen by the users, one webhook delivery per event. Read from
// the users' side (the API) and from the event store itself, the truth the read models are made from.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { type RecordedEvent, toDomainEvent } from '@scrivo/domain';
import { JOB_EVENT_TYPES, type JobEvent, type JobState, jobDecider } from '@scrivo/domain/jobs';
import type { Traffic } from './traffic';

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

export const allEvents = async (dataDir: string): Promise<RecordedEvent[]> => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return await store.readAll();
  } finally {
    await store.close();
  }
};

const recordingIdOf = (event: RecordedEvent): string | undefined => {
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || !('recordingId' in data)) return undefined;
  return typeof data.recordingId === 'string' ? data.recordingId : undefined;
};

const isJobEvent = (event: RecordedEvent): event is RecordedEvent<JobEvent> =>
  JOB_EVENT_TYPES.some((type) => type === event.type);

const countBy = <T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
};

/** The users' view, while the stack still runs: every accepted upload finished, minutes as the ledger says. */
export const apiChecks = async (traffic: Traffic, events: readonly RecordedEvent[]): Promise<Check[]> => {
  const statuses = await Promise.all(
    traffic.accepted.map(async (a) => {
      const answer = await traffic.members[a.userIndex]!.client.api.recordings.get({
        params: { id: a.recordingId },
      });
      return answer.status === 200 ? answer.body.status : `HTTP ${answer.status}`;
    }),
  );
  const notDone = traffic.accepted.filter((_, i) => statuses[i] !== 'completed');
  const checks = [
    check(
      'every accepted upload completed',
      notDone.length === 0 && traffic.accepted.length > 0,
      `${traffic.accepted.length - notDone.length} of ${traffic.accepted.length} completed` +
        (notDone.length
          ? `; not: ${notDone.map((a) => `${a.recordingId} (${statuses[traffic.accepted.indexOf(a)]})`).join(', ')}`
          : ''),
    ),
  ];
  // Net seconds reserved per user (reservations less releases), as the usage streams record them.
  const netSeconds = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'MinutesReserved' && e.type !== 'MinutesReleased' && e.type !== 'ExtraMinutesReserved')
      continue;
    const data: unknown = e.data;
    if (typeof data !== 'object' || data === null || !('userId' in data) || !('seconds' in data)) continue;
    const userId = String(data.userId);
    const seconds = Number(data.seconds);
    netSeconds.set(
      userId,
      (netSeconds.get(userId) ?? 0) + (e.type === 'MinutesReleased' ? -seconds : seconds),
    );
  }
  const wrong: string[] = [];
  for (const member of traffic.members) {
    const usage = await member.client.api.recordings.usage();
    if (usage.status !== 200) {
      wrong.push(`user ${member.index}: usage answered ${usage.status}`);
      continue;
    }
    const expected = Math.round(((netSeconds.get(member.userId) ?? 0) / 60) * 10) / 10;
    if (Math.abs(usage.body.minutesUsed - expected) > 0.05)
      wrong.push(`user ${member.index}: ${usage.body.minutesUsed} min used, the ledger says ${expected}`);
  }
  checks.push(
    check(
      'usage (API) equals the minutes reserved once per recording',
      wrong.length === 0,
      wrong.length ? wrong.join('; ') : `${traffic.members.length} users agree`,
    ),
  );
  return checks;
};

/** The event store's view, once the run is over. */
export const eventChecks = (traffic: Traffic, events: readonly RecordedEvent[]): Check[] => {
  const accepted = new Set(traffic.accepted.map((a) => a.recordingId));
  const completions = countBy(
    events.filter((e) => e.type === 'TranscriptionCompleted'),
    recordingIdOf,
  );
  const notOnce = [...accepted].filter((id) => completions.get(id) !== 1);
  const reserved = countBy(
    events.filter((e) => e.type === 'MinutesReserved'),
    recordingIdOf,
  );
  const released = countBy(
    events.filter((e) => e.type === 'MinutesReleased'),
    recordingIdOf,
  );
  const chargedWrong = [...accepted].filter((id) => (reserved.get(id) ?? 0) - (released.get(id) ?? 0) !== 1);
  // Minutes of uploads nobody saw accepted (the API died under them) must have come back.
  const strayCharges = [...reserved.keys()].filter(
    (id) => !accepted.has(id) && (reserved.get(id) ?? 0) - (released.get(id) ?? 0) !== 0,
  );

  const jobs = new Map<string, JobState>();
  const claims = new Map<string, number>();
  for (const e of events) {
    if (!isJobEvent(e)) continue;
    jobs.set(
      e.streamId,
      jobDecider.evolve(jobs.get(e.streamId) ?? jobDecider.initialState(), toDomainEvent(e)),
    );
    if (e.type === 'JobClaimed') claims.set(e.streamId, (claims.get(e.streamId) ?? 0) + 1);
  }
  // A job claimed more than once was taken over: its first worker (or engine) died under it.
  const takenOver = [...claims.values()].filter((n) => n > 1).length;
  const now = new Date().toISOString();
  const open = [...jobs.entries()].filter(([, s]) => s.status === 'running' || s.status === 'pending');
  const pastLease = open.filter(([, s]) => s.leaseExpiresAt !== null && s.leaseExpiresAt < now);

  const serverErrors = traffic.answers.filter(
    (a) => a.status >= 500 && !(a.status === 503 && a.retryAfter !== null),
  );
  const byStatus = [...countBy(traffic.answers, (a) => String(a.status)).entries()]
    .sort()
    .map(([s, n]) => `${s === '0' ? 'no answer' : s}: ${n}`)
    .join(', ');

  const deliveries = traffic.receiver.received;
  const idsPerEvent = new Map<string, Set<string>>();
  for (const d of deliveries) {
    const key = `${d.body.type} ${String(d.body.data.recordingId)}`;
    idsPerEvent.set(key, (idsPerEvent.get(key) ?? new Set()).add(d.body.id));
  }
  const completedHooks = [...accepted].map(
    (id) => idsPerEvent.get(`transcription.completed ${id}`)?.size ?? 0,
  );
  const summaryHooks = traffic.summaries.map((id) => idsPerEvent.get(`summary.ready ${id}`)?.size ?? 0);
  const repeats = deliveries.length - new Set(deliveries.map((d) => d.body.id)).size;

  return [
    check(
      'one TranscriptionCompleted per accepted upload',
      notOnce.length === 0,
      notOnce.length
        ? notOnce.map((id) => `${id}: ${completions.get(id) ?? 0}`).join(', ')
        : `${accepted.size} recordings, once each`,
    ),
    check(
      'minutes charged once per recording',
      chargedWrong.length === 0 && strayCharges.length === 0,
      chargedWrong.length || strayCharges.length
        ? `accepted but not charged once: ${chargedWrong.join(', ') || 'none'}; charged but not accepted: ${strayCharges.join(', ') || 'none'}`
        : `${accepted.size} reservations, none twice; ${[...reserved.keys()].length - accepted.size} unaccepted uploads' minutes given back`,
    ),
    check(
      'no job left open or past its lease',
      open.length === 0,
      `${jobs.size} jobs (${takenOver} claimed again after a kill); open: ${open.length}; past their lease: ${pastLease.length}` +
        (open.length ? ` (${open.map(([id, s]) => `${id} ${s.status}`).join(', ')})` : ''),
    ),
    check(
      'no 500 (a 503 with Retry-After allowed)',
      serverErrors.length === 0,
      `${traffic.answers.length} answers (${byStatus})` +
        (serverErrors.length
          ? `; 5xx: ${serverErrors.map((a) => `${new Date(a.at).toISOString()} ${a.what} ${a.status} (${a.route ?? a.what}) ${a.body ?? ''}`).join('; ')}`
          : ''),
    ),
    check(
      'one webhook delivery per event (by delivery id)',
      completedHooks.every((n) => n === 1) && summaryHooks.every((n) => n === 1),
      `transcription.completed: ${completedHooks.filter((n) => n === 1).length} of ${accepted.size} once` +
        `, summary.ready: ${summaryHooks.filter((n) => n === 1).length} of ${summaryHooks.length} once` +
        `; ${deliveries.length} requests, ${repeats} repeats of an id already received`,
    ),
  ];
};

/** SQLite's own check of every database in the data folder, once every process has stopped. */
export const storeIntegrity = (dataDir: string): Check => {
  const results = readdirSync(dataDir)
    .filter((name) => name.endsWith('.db'))
    .map((name) => {
      const db = new Database(join(dataDir, name), { readonly: true });
      try {
        return `${name}: ${String(db.pragma('integrity_check', { simple: true }))}`;
      } finally {
        db.close();
      }
    });
  return check(
    'every database passes its integrity check',
    results.length > 0 && results.every((r) => r.endsWith(': ok')),
    results.join(', ') || 'no database found',
  );
};
