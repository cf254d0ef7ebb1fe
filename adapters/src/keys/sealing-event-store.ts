import { addressKeyOfStream, addressKeySubject } from '@scrivo/domain/accounts';
import { chatSessionKeySubject } from '@scrivo/domain/chat';
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
type Seal = (text: string) => Promise<string>;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seals the named string fields of an object (absent or null fields stay as they are). */
const sealFields = async (data: Record<string, Json>, fields: readonly string[], seal: Seal) => {
  const out: Record<string, Json> = { ...data };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'string') out[field] = await seal(value);
  }
  return out;
};

/** Seals every `text` of a list of segments and of their words (a transcript, or an edit of one). */
const sealSegments = async (segments: Json, seal: Seal): Promise<Json> => {
  if (!Array.isArray(segments)) return segments;
  const out: Json[] = [];
  for (const segment of segments) {
    if (!isRecord(segment)) {
      out.push(segment);
      continue;
    }
    const sealed = await sealFields(segment, ['text'], seal);
    if (Array.isArray(segment.words))
      sealed.words = await Promise.all(
        segment.words.map((w: Json) => (isRecord(w) ? sealFields(w, ['text'], seal) : w)),
      );
    out.push(sealed);
  }
  return out;
};

/**
 * Which personal data each event carries, and whose it is. The person of a recording's events is its owner
 * (from the stream's first event).
 */
const USER_FIELDS: Record<string, readonly string[]> = {
  UserRegistered: ['email', 'firstName', 'lastName', 'industry', 'hearAboutUs'],
  UserEmailVerified: ['email'],
  UserProfileUpdated: ['firstName', 'lastName'],
  // The Google account's identifier: an identity claim about the person.
  GoogleIdentityLinked: ['googleSubject'],
};
/** The owner's free text about a recording: its title and the name of the file it came from. */
const OWNER_FIELDS: Record<string, readonly string[]> = {
  RecordingCreated: ['title', 'originalFilename'],
  RecordingRenamed: ['title'],
  LiveSessionStarted: ['title'],
  // The owner's comments on passages of the transcript (a highlight's is null and stays so).
  TranscriptAnnotated: ['comment'],
  TranscriptAnnotationEdited: ['comment'],
};
/**
 * What a support chat holds: every message (the visitor's, the assistant's, the admin's) and the addresses given
 * in it, sealed with the session's own key (the visitor may have no account).
 */
const CHAT_FIELDS: Record<string, readonly string[]> = {
  ChatSessionStarted: ['email'],
  ChatVisitorIdentified: ['email'],
  ChatContactEmailLeft: ['email'],
  ChatMessagePosted: ['content'],
  ChatAdminReplied: ['content'],
};
const CHAT_STREAM = 'chat-session-';
const TRANSCRIPT_EVENTS = new Set(['TranscriptionCompleted', 'TranscriptEdited']);
/** Written from a transcript (a summary, a translation): theirs too, every string of the content sealed. */
const DERIVED_CONTENT: Record<string, string> = {
  SummaryWritten: 'content',
  SummaryEdited: 'content',
  TranslationCompleted: 'segments',
};
/** The first event of each stream kind that names its owner. */
const OWNED_BY = new Set([
  'RecordingCreated',
  'SummaryRequested',
  'TranslationRequested',
  'LiveSessionStarted',
]);

/** Seals every string inside a value (numbers, such as the seconds of a point, stay as they are). */
const sealDeep = async (value: Json, seal: Seal): Promise<Json> => {
  if (typeof value === 'string') return seal(value);
  if (Array.isArray(value)) return Promise.all(value.map((v: Json) => sealDeep(v, seal)));
  if (isRecord(value)) {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await sealDeep(v, seal);
    return out;
  }
  return value;
};

/**
 * Crypto-shredding at the event store: personal data (see above) is sealed with its person's key as it is
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
    return Promise.all((await this.inner.readStream(streamId, options)).map((e) => this.open(e)));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return Promise.all((await this.inner.readAll(options)).map((e) => this.open(e)));
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    return this.inner.subscribeToAll({
      ...options,
      onEvent: async (event, more) => options.onEvent(await this.open(event), more),
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

  private async seal(streamId: string, event: NewEvent, batch: readonly NewEvent[]): Promise<NewEvent> {
    if (!isRecord(event.data)) return event;
    const data = event.data;
    // The streams of an address (its claim, codes, invitation) hold it in their events: sealed with its own key.
    const addressKey = addressKeyOfStream(streamId);
    if (addressKey && typeof data.email === 'string')
      return { ...event, data: { ...data, email: await this.sealAddress(addressKey, data.email) } };
    const chatFields = CHAT_FIELDS[event.type];
    if (chatFields && streamId.startsWith(CHAT_STREAM)) {
      const subject = chatSessionKeySubject(streamId.slice(CHAT_STREAM.length));
      return { ...event, data: await sealFields(data, chatFields, (t) => this.cipher.seal(subject, t)) };
    }
    const ownerFields = OWNER_FIELDS[event.type];
    if (ownerFields) {
      const owner = await this.ownerOf(streamId, batch);
      if (!owner) return event;
      return { ...event, data: await sealFields(data, ownerFields, (t) => this.cipher.seal(owner, t)) };
    }
    const userFields = USER_FIELDS[event.type];
    if (userFields && typeof data.userId === 'string') {
      const subject = data.userId;
      return { ...event, data: await sealFields(data, userFields, (t) => this.cipher.seal(subject, t)) };
    }
    const derived = DERIVED_CONTENT[event.type];
    if (derived) {
      const owner = await this.ownerOf(streamId, batch);
      if (!owner) return event;
      return {
        ...event,
        data: { ...data, [derived]: await sealDeep(data[derived], (t) => this.cipher.seal(owner, t)) },
      };
    }
    if (TRANSCRIPT_EVENTS.has(event.type)) {
      const owner = await this.ownerOf(streamId, batch);
      if (!owner) return event;
      const seal: Seal = (t) => this.cipher.seal(owner, t);
      if (event.type === 'TranscriptEdited')
        return { ...event, data: { ...data, segments: await sealSegments(data.segments, seal) } };
      const transcript = data.transcript;
      if (!isRecord(transcript)) return event;
      const sealedTranscript = await sealFields(transcript, ['text'], seal);
      sealedTranscript.segments = await sealSegments(transcript.segments, seal);
      return { ...event, data: { ...data, transcript: sealedTranscript } };
    }
    return event;
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
      batch.find((e) => OWNED_BY.has(e.type)) ??
      (await this.inner.readStream(streamId, { maxCount: 1 })).find((e) => OWNED_BY.has(e.type));
    const owner = created && isRecord(created.data) ? created.data.ownerId : null;
    if (typeof owner !== 'string') return null;
    this.owners.set(streamId, owner);
    return owner;
  }

  private async open(event: RecordedEvent): Promise<RecordedEvent> {
    if (!JSON.stringify(event.data).includes('"sealed:v1:')) return event;
    return { ...event, data: await this.openDeep(event.data) };
  }

  private async openDeep(value: Json): Promise<Json> {
    if (typeof value === 'string') return this.cipher.isSealed(value) ? this.cipher.open(value) : value;
    if (Array.isArray(value)) return Promise.all(value.map((v: Json) => this.openDeep(v)));
    if (isRecord(value)) {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value)) out[k] = await this.openDeep(v);
      return out;
    }
    return value;
  }
}
