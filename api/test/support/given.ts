import { randomUUID } from 'node:crypto';
import type { Actor, DomainEvent, NewEvent } from '@scrivo/domain';
import { type EmailClaimEvent, EmailStreamNames } from '@scrivo/domain/accounts';
import { type RecordingEvent, recordingStream } from '@scrivo/domain/recordings';
import { type SummaryEvent, summaryStream } from '@scrivo/domain/summaries';
import { Projections } from '../../src/infrastructure/projection-registry';
import type { TestApp } from './test-app';

/** How a seeded event is stored: as this actor, at this instant, in this schema version (1 unless an old shape). */
export interface GivenOptions {
  readonly actor?: Actor;
  readonly at?: string;
  readonly schemaVersion?: number;
  readonly correlationId?: string;
}

const SEEDER: Actor = { kind: 'system', id: 'given' };

/** A recording an owner created (an upload begun, nothing stored yet): the first event of most seeded libraries. */
export const recordingCreated = (
  recordingId: string,
  ownerId: string,
  title: string,
  createdAt: string,
): RecordingEvent => ({
  type: 'RecordingCreated',
  data: {
    recordingId,
    ownerId,
    title,
    originalFilename: `${title}.mp3`,
    source: 'multipart',
    uploadId: null,
    declaredSizeBytes: 1000,
    options: { language: null, translate: false },
    createdAt,
  },
});

/**
 * The state a test starts from, said as the events that brought it there (given/when/then, as the deciders' specs
 * do): typed domain events appended to their stream through the app's own event store (so personal data is sealed
 * as usual), then the read models and reactors catch up before the test goes on, as after a write through the API.
 *
 *   await given(app).recording(id, progressed, ...)
 */
export const given = (app: TestApp) => {
  const append = async <E extends DomainEvent>(
    streamId: string,
    events: readonly E[],
    options: GivenOptions = {},
  ): Promise<void> => {
    const at = options.at ?? new Date().toISOString();
    const stored: NewEvent<E>[] = events.map((event) => ({
      type: event.type,
      data: event.data,
      schemaVersion: options.schemaVersion ?? 1,
      metadata: {
        eventId: randomUUID(),
        correlationId: options.correlationId ?? 'given',
        causationId: null,
        actor: options.actor ?? SEEDER,
        occurredAt: at,
      },
    }));
    const { lastPosition } = await app.scrivo.adapters.events.append(streamId, stored, {
      expectedRevision: 'any',
    });
    await app.scrivo.app.get(Projections).waitFor(lastPosition, 120_000);
  };
  return {
    recording: (recordingId: string, events: readonly RecordingEvent[], options?: GivenOptions) =>
      append(recordingStream(recordingId), events, options),
    summary: (recordingId: string, events: readonly SummaryEvent[], options?: GivenOptions) =>
      append(summaryStream(recordingId), events, options),
    /** The claim on a sign-in address (who owns it), on the address's keyed stream. */
    emailClaim: (email: string, events: readonly EmailClaimEvent[], options?: GivenOptions) =>
      append(app.scrivo.app.get(EmailStreamNames).userEmail(email), events, options),
    /**
     * Events in a shape no decider writes any more (an old schema version), for the upcasters: untyped on purpose,
     * because today's types no longer describe them.
     */
    storedAsOnce: (
      streamId: string,
      events: readonly DomainEvent[],
      options: GivenOptions & { schemaVersion: number },
    ) => append(streamId, events, options),
  };
};
