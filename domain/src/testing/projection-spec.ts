import type { Actor, DomainEvent, RecordedEvent } from '../kernel/events';
import type { Doc, Filter } from '../ports/read-model-store';
import type { Projection, ProjectionContext } from '../projections/projection';

export interface ProjectionUnderTest {
  /** The documents of one collection as the projection left them, by id. */
  docs(collection: string): ReadonlyMap<string, Doc>;
  /** Feeds events to the projection one by one, as the runner does, each recorded on the stream `streamId` names. */
  apply(...events: readonly DomainEvent[]): Promise<void>;
}

/**
 * A projection with its read models in memory, for its specs: given events, then the documents. `find` answers
 * equality on top-level fields, what the projections' own reads ask for.
 */
export const projectionUnderTest = (
  projection: Projection,
  options: {
    readonly streamId: (event: DomainEvent) => string;
    readonly actor?: Actor;
    readonly occurredAt?: string;
  },
): ProjectionUnderTest => {
  const collections = new Map<string, Map<string, Doc>>();
  const collection = (name: string): Map<string, Doc> => {
    const found = collections.get(name);
    if (found) return found;
    const created = new Map<string, Doc>();
    collections.set(name, created);
    return created;
  };
  const matches = (doc: Doc, filter: Filter): boolean =>
    Object.entries(filter).every(([field, value]) =>
      Object.entries(doc).some(([k, v]) => k === field && v === value),
    );
  const context: ProjectionContext = {
    get: async <T extends Doc>(name: string, id: string) =>
      (collection(name).get(id) as T | undefined) ?? null,
    find: async <T extends Doc>(name: string, filter: Filter = {}) =>
      [...collection(name).values()].filter((doc) => matches(doc, filter)) as T[],
    upsert: (name, doc) => void collection(name).set(doc.id, doc),
    delete: (name, id) => void collection(name).delete(id),
  };
  let position = 0;
  return {
    docs: (name) => collection(name),
    async apply(...events) {
      for (const event of events) {
        const recorded: RecordedEvent = {
          streamId: options.streamId(event),
          type: event.type,
          schemaVersion: 1,
          data: event.data,
          metadata: {
            eventId: `e${position}`,
            correlationId: 'c',
            causationId: null,
            actor: options.actor ?? { kind: 'system', id: 'test' },
            occurredAt: options.occurredAt ?? '',
          },
          streamRevision: position,
          globalPosition: ++position,
        };
        await projection.handle(recorded, context);
      }
    },
  };
};
