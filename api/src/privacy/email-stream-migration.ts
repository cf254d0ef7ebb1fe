import {
  type Clock,
  ConcurrencyError,
  type EventStore,
  type NewEvent,
  type ReadModelStore,
  type RecordedEvent,
} from '@scrivo/domain';
import { type EmailStreamNames, legacyEmailStream } from '@scrivo/domain/accounts';
import {
  AUDIT_CORRELATIONS,
  AUDIT_STREAMS,
  correlationIndexProjection,
  streamIndexProjection,
} from '@scrivo/domain/audit';
import { randomUUID } from 'node:crypto';

/** Where the migration records that it is done, so later starts skip the scan. */
export const EMAIL_STREAM_MIGRATION_STREAM = 'migration-email-stream-names';

const PAGE = 1_000;

/** The keyed name that replaces an old one (`user-email-{email}` becomes `user-email-h-{hmac}`). */
const renamed = (names: EmailStreamNames, prefix: string, email: string): string => {
  switch (prefix) {
    case 'user-email-':
      return names.userEmail(email);
    case 'email-verification-':
      return names.emailVerification(email);
    case 'user-invitation-':
      return names.invitation(email);
    case 'admin-email-':
      return names.adminEmail(email);
    case 'auditor-email-':
      return names.auditorEmail(email);
    default:
      throw new Error(`No keyed name for the stream prefix ${prefix}`);
  }
};

/** Each stored event again, as it was: same id, type, schema, data, time and actor. */
const copyOf = (event: RecordedEvent): NewEvent => ({
  type: event.type,
  data: event.data,
  schemaVersion: event.schemaVersion,
  metadata: event.metadata,
});

/**
 * Streams used to be named by the address they are about (`user-email-{email}`, `email-verification-{email}`,
 * `user-invitation-{email}`, `admin-email-…`, `auditor-email-…`); a stream name is never encrypted, so an erased
 * account's address stayed readable there. At start-up, before anything reads or writes them, this moves each
 * such stream to its keyed name (docs/decisions/0006-email-stream-names.md):
 *
 * 1. copies its events, in one append, to the new stream (where the sealing store seals the address);
 * 2. deletes the old stream;
 * 3. once every one is moved, resets the audit indexes (they listed the old names; they rebuild from zero) and
 *    records `EmailStreamNamesMigrated`, so later starts skip the scan.
 *
 * Crash-safe and idempotent: a copy is one atomic append, and a new stream that already holds the old one's
 * events (a crash between 1 and 2) is not copied again, only the old one deleted.
 */
export const migrateEmailStreamNames = async (deps: {
  readonly events: EventStore;
  readonly readModels: ReadModelStore;
  readonly names: EmailStreamNames;
  readonly clock: Clock;
}): Promise<{ readonly moved: number; readonly alreadyDone: boolean }> => {
  const { events, names } = deps;
  if ((await events.readStream(EMAIL_STREAM_MIGRATION_STREAM, { maxCount: 1 })).length > 0)
    return { moved: 0, alreadyDone: true };

  const legacy = new Set<string>();
  for (let after = -1; ;) {
    const page = await events.readAll({ after, maxCount: PAGE });
    for (const event of page) if (legacyEmailStream(event.streamId)) legacy.add(event.streamId);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.globalPosition;
  }

  for (const oldName of legacy) {
    const { prefix, email } = legacyEmailStream(oldName)!;
    const newName = renamed(names, prefix, email);
    const old = await events.readStream(oldName);
    if (old.length === 0) continue; // deleted already (an event store that lists deleted streams until scavenged)
    const copied = await events.readStream(newName);
    const sameEvents =
      copied.length === old.length && copied.every((e, i) => e.metadata.eventId === old[i]!.metadata.eventId);
    if (!sameEvents) {
      if (copied.length > 0)
        throw new Error(
          `Cannot rename ${prefix}… to its keyed name: ${newName} already holds other events. Was this data ` +
            'folder served by a newer version before? Restore the events from before that and start again.',
        );
      try {
        await events.append(newName, old.map(copyOf), { expectedRevision: 'no_stream' });
      } catch (error) {
        // Another replica starting at the same moment copied it first.
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    }
    await events.deleteStream(oldName);
  }

  if (legacy.size > 0) {
    await deps.readModels.reset(streamIndexProjection.name, [AUDIT_STREAMS]);
    await deps.readModels.reset(correlationIndexProjection.name, [AUDIT_CORRELATIONS]);
  }
  const at = deps.clock.now().toISOString();
  await events.append(
    EMAIL_STREAM_MIGRATION_STREAM,
    [
      {
        type: 'EmailStreamNamesMigrated',
        data: { moved: legacy.size, at },
        schemaVersion: 1,
        metadata: {
          eventId: randomUUID(),
          correlationId: randomUUID(),
          causationId: null,
          actor: { kind: 'system', id: 'email-stream-migration' },
          occurredAt: at,
        },
      },
    ],
    { expectedRevision: 'any' },
  );
  return { moved: legacy.size, alreadyDone: false };
};
