import { addressKeyOfStream, addressKeySubject } from '@scrivo/domain/accounts';
import { chatSessionKeySubject } from '@scrivo/domain/chat';
import {
  mapPersonalData,
  OWNER_NAMING_EVENTS,
  PERSONAL_DATA,
  type PersonalDataKey,
} from '@scrivo/domain/privacy';
import {
  KeyErasedError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type PersonalDataCipher,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '@scrivo/domain';

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CHAT_STREAM = 'chat-session-';

/**
 * Crypto-shredding at the event store: personal data (PERSONAL_DATA, in the domain) is sealed with its person's key as it is
 * appended, and every reader (deciders, projections, reactors, the audit replay, exports) gets it opened, or
 * "[erased]" once the key is gone. Events stored before sealing are read as they are.
 */
export class SealingEventStore implements EventStore {
  private readonly owners = new Map<string, string>();
  /** The generation of each address's key last sealed with (see addressKeySubject). */
  private readonly addressGenerations = new Map<string, number>();

  constructor(
    private readonly inner: EventStore,
    private readonly cipher: PersonalDataCipher,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const sealed: NewEvent[] = [];
    for (const event of events) sealed.push(await this.seal(streamId, event, events));
    return this.inner.append(streamId, sealed, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId, options);
    return options?.keepSealed ? events : this.open(events);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readAll(options));
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    return this.inner.subscribeToAll({
      ...options,
      onEvent: async (event, more) => options.onEvent((await this.open([event]))[0]!, more),
    });
  }

  deleteStream(streamId: string): Promise<void> {
    this.owners.delete(streamId);
    return this.inner.deleteStream(streamId);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.onClose();
  }

  /** Seals what PERSONAL_DATA names in the event with the key it says (domain/src/privacy/personal-data.ts). */
  private async seal(streamId: string, event: NewEvent, batch: readonly NewEvent[]): Promise<NewEvent> {
    const fields = PERSONAL_DATA[event.type];
    if (!fields || !isRecord(event.data)) return event;
    const seal = await this.sealerFor(fields.key, streamId, event.data, batch);
    if (!seal) return event;
    const data = await mapPersonalData(event.data, fields.paths, seal);
    return isRecord(data) ? { ...event, data } : event;
  }

  /** The seal of the key the fields belong to, or null when the event does not say whose they are. */
  private async sealerFor(
    key: PersonalDataKey,
    streamId: string,
    data: Record<string, Json>,
    batch: readonly NewEvent[],
  ): Promise<((text: string) => Promise<string>) | null> {
    switch (key) {
      case 'address': {
        const addressKey = addressKeyOfStream(streamId);
        return addressKey ? (text) => this.sealAddress(addressKey, text) : null;
      }
      case 'invitee': {
        const addressKey = data.addressKey;
        return typeof addressKey === 'string' && /^[0-9a-f]{64}$/.test(addressKey)
          ? (text) => this.sealAddress(addressKey, text)
          : null;
      }
      case 'chat': {
        if (!streamId.startsWith(CHAT_STREAM)) return null;
        const subject = chatSessionKeySubject(streamId.slice(CHAT_STREAM.length));
        return (text) => this.cipher.seal(subject, text);
      }
      case 'user': {
        const subject = data.userId;
        return typeof subject === 'string' ? (text) => this.cipher.seal(subject, text) : null;
      }
      case 'owner': {
        const owner = await this.ownerOf(streamId, batch);
        return owner ? (text) => this.cipher.seal(owner, text) : null;
      }
    }
  }

  /**
   * Seals an address with its key; once an erased account took that key, under the next generation's (the
   * address signed up again, and its new events must stay readable).
   */
  private async sealAddress(addressKey: string, email: string): Promise<string> {
    for (let generation = this.addressGenerations.get(addressKey) ?? 1; ; generation += 1) {
      try {
        const sealed = await this.cipher.seal(addressKeySubject(addressKey, generation), email);
        this.addressGenerations.set(addressKey, generation);
        return sealed;
      } catch (error) {
        if (!(error instanceof KeyErasedError)) throw error;
      }
    }
  }

  /**
   * The owner of a recording's (or its summary's or translation's) stream: from the stream's first event
   * (already stored, or in the same append).
   */
  private async ownerOf(streamId: string, batch: readonly NewEvent[]): Promise<string | null> {
    const known = this.owners.get(streamId);
    if (known) return known;
    const created =
      batch.find((e) => OWNER_NAMING_EVENTS.has(e.type)) ??
      (await this.inner.readStream(streamId, { maxCount: 1 })).find((e) => OWNER_NAMING_EVENTS.has(e.type));
    const owner = created && isRecord(created.data) ? created.data.ownerId : null;
    if (typeof owner !== 'string') return null;
    this.owners.set(streamId, owner);
    return owner;
  }

  /**
   * The events with their sealed values opened, all in one call to the cipher (each person's key looked up once
   * per read, not once per value: a long recording's stream holds a sealed value per word), then put back where
   * they were in one synchronous pass.
   */
  private async open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const sealed: string[] = [];
    const collect = (value: Json): void => {
      if (typeof value === 'string') {
        if (this.cipher.isSealed(value)) sealed.push(value);
      } else if (Array.isArray(value)) {
        for (const v of value as Json[]) collect(v);
      } else if (isRecord(value)) {
        // A record's keys can be sealed too (a speaker rename maps an old name to a new one).
        for (const [k, v] of Object.entries(value)) {
          if (this.cipher.isSealed(k)) sealed.push(k);
          collect(v);
        }
      }
    };
    const holdsSealed = events.map((event) => {
      const before = sealed.length;
      collect(event.data);
      return sealed.length > before;
    });
    if (sealed.length === 0) return events;
    const opened = await this.cipher.openAll(sealed);
    let next = 0;
    const put = (value: Json): Json => {
      if (typeof value === 'string') return this.cipher.isSealed(value) ? opened[next++]! : value;
      if (Array.isArray(value)) return (value as Json[]).map(put);
      if (!isRecord(value)) return value;
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value)) {
        const key = this.cipher.isSealed(k) ? opened[next++]! : k;
        out[key] = put(v);
      }
      return out;
    };
    return events.map((event, i) => (holdsSealed[i] ? { ...event, data: put(event.data) } : event));
  }
}
