import type { RecordedEvent } from './events';

/** Turns the data of one schema version of an event type into the next version's shape. */
export type Upcaster = (data: unknown) => unknown;

/**
 * Old event shapes are read as the current shape, never rewritten in the store (as Axon and Marten do).
 * Register one upcaster per (type, fromVersion); reading applies them in a chain up to the current version.
 */
export class UpcasterRegistry {
  private readonly upcasters = new Map<string, Upcaster>();
  private readonly current = new Map<string, number>();

  register(type: string, fromVersion: number, upcaster: Upcaster): this {
    const key = `${type}@${fromVersion}`;
    if (this.upcasters.has(key)) throw new Error(`An upcaster for ${key} is already registered`);
    this.upcasters.set(key, upcaster);
    this.current.set(type, Math.max(this.currentVersion(type), fromVersion + 1));
    return this;
  }

  /** The schema version new events of this type are written with. */
  currentVersion(type: string): number {
    return this.current.get(type) ?? 1;
  }

  upcast<E extends RecordedEvent>(event: E): E {
    let { schemaVersion, data } = event;
    const target = this.currentVersion(event.type);
    while (schemaVersion < target) {
      const upcaster = this.upcasters.get(`${event.type}@${schemaVersion}`);
      if (!upcaster) throw new Error(`No upcaster for ${event.type} from version ${schemaVersion}`);
      data = upcaster(data) as E['data'];
      schemaVersion += 1;
    }
    return schemaVersion === event.schemaVersion ? event : { ...event, schemaVersion, data };
  }
}
