/**
 * Where words a person said or typed sit in the events, and whose key seals them (crypto-shredding: erasing the
 * key makes every one of them read "[erased]"). The event store's sealing adapter acts on exactly this list, and
 * the erasure tests plant a marker in every place it names.
 *
 * A path names fields from the event's data: `a.b` a nested field, `a[]` every item of a list, `a{}` every key and
 * value of a record (speaker renames: old label to new name), `a**` every string under `a` (a summary's sections).
 */
export type PersonalDataPath = string;

/**
 * Whose key: `owner` the person who owns the stream (named by its first event: a recording, its summary or
 * translation, a live session); `user` the `userId` of the event itself; `chat` the support chat session's own
 * key (its visitor may have no account); `address` the key of the email address the stream is about; `invitee`
 * the key of the address an event of some other stream names by its keyed hash (`addressKey`): a workspace's
 * invitation outlives the account of the person invited.
 */
export type PersonalDataKey = 'owner' | 'user' | 'chat' | 'address' | 'invitee';

export interface PersonalDataFields {
  readonly key: PersonalDataKey;
  readonly paths: readonly PersonalDataPath[];
}

/** A transcript's lines: their text, each word's text, and the speaker's name (a renamed label is a name). */
const SEGMENTS = (at: string): PersonalDataPath[] => [
  `${at}[].text`,
  `${at}[].words[].text`,
  `${at}[].speaker`,
];

/** Who speaks when: each turn's speaker is a label of the lines, and renamed with them into a person's name. */
const TIMELINE = (at: string): PersonalDataPath[] => [`${at}[].speaker`];

/** An upload's own terms and the line of context its owner wrote. */
const VOCABULARY = (at: string): PersonalDataPath[] => [`${at}.terms[]`, `${at}.context`];

/** A summary template's name, instructions and section headings. */
const TEMPLATE = (at: string): PersonalDataPath[] => [`${at}.name`, `${at}.instructions`, `${at}.sections**`];

export const PERSONAL_DATA: Readonly<Record<string, PersonalDataFields>> = {
  // The person.
  UserRegistered: { key: 'user', paths: ['email', 'firstName', 'lastName', 'industry', 'hearAboutUs'] },
  UserEmailVerified: { key: 'user', paths: ['email'] },
  UserProfileUpdated: { key: 'user', paths: ['firstName', 'lastName'] },
  // The Google account's identifier: an identity claim about the person.
  GoogleIdentityLinked: { key: 'user', paths: ['googleSubject'] },
  // The streams of an address (its claim, codes, invitation) hold it in their events.
  EmailClaimed: { key: 'address', paths: ['email'] },
  VerificationCodeIssued: { key: 'address', paths: ['email'] },
  VerificationCodeRejected: { key: 'address', paths: ['email'] },
  EmailAddressVerified: { key: 'address', paths: ['email'] },
  EmailVerificationConsumed: { key: 'address', paths: ['email'] },
  UserInvited: { key: 'address', paths: ['email'] },
  UserInvitationRevoked: { key: 'address', paths: ['email'] },
  WorkspaceMemberInvited: { key: 'invitee', paths: ['email'] },

  // A recording: what its owner typed and what its people said.
  RecordingCreated: {
    key: 'owner',
    paths: ['title', 'originalFilename', ...VOCABULARY('options.vocabulary')],
  },
  TranscriptionRequested: { key: 'owner', paths: VOCABULARY('options.vocabulary') },
  RecordingRenamed: { key: 'owner', paths: ['title'] },
  LiveSessionStarted: { key: 'owner', paths: ['title'] },
  TranscriptionCompleted: {
    key: 'owner',
    paths: ['transcript.text', ...SEGMENTS('transcript.segments'), ...TIMELINE('transcript.speakerTimeline')],
  },
  TranscriptPieceTranscribed: {
    key: 'owner',
    paths: [...SEGMENTS('segments'), ...TIMELINE('speakerTimeline')],
  },
  TranscriptEdited: {
    key: 'owner',
    paths: [...SEGMENTS('segments'), 'speakers{}', ...SEGMENTS('restructure.insert')],
  },
  // The owner's comments on passages (a highlight's is null and stays so).
  TranscriptAnnotated: { key: 'owner', paths: ['comment'] },
  TranscriptAnnotationEdited: { key: 'owner', paths: ['comment'] },
  // The template a summary was asked for: an account's own holds what its owner wrote about their work.
  SummaryRequested: { key: 'owner', paths: TEMPLATE('template') },
  // Written from a transcript: theirs too, every string of the content.
  SummaryWritten: { key: 'owner', paths: ['content**'] },
  SummaryEdited: { key: 'owner', paths: ['content**'] },
  TranslationCompleted: { key: 'owner', paths: ['segments**'] },

  // What the person named and where their data goes.
  FolderCreated: { key: 'user', paths: ['name'] },
  FolderRenamed: { key: 'user', paths: ['name'] },
  TagCreated: { key: 'user', paths: ['name'] },
  TagRenamed: { key: 'user', paths: ['name'] },
  ApiKeyCreated: { key: 'user', paths: ['name'] },
  SummaryTemplateSaved: { key: 'user', paths: TEMPLATE('template') },
  // The account's glossary: names of people, products, clients.
  VocabularySet: { key: 'user', paths: ['terms[].text', 'terms[].soundsLike'] },
  // A remembered person: their name and their voice print (biometric data).
  VoiceRemembered: { key: 'user', paths: ['name', 'print'] },
  VoiceRenamed: { key: 'user', paths: ['name'] },
  // The receiver's address and the signing secret (kept to sign, never readable after creation).
  WebhookCreated: { key: 'user', paths: ['url', 'secret'] },
  // The body holds the recording's title and, for a summary, its text.
  WebhookDeliveryScheduled: { key: 'user', paths: ['body'] },

  // A support chat: every message and the addresses given in it.
  ChatSessionStarted: { key: 'chat', paths: ['email'] },
  ChatVisitorIdentified: { key: 'chat', paths: ['email'] },
  ChatContactEmailLeft: { key: 'chat', paths: ['email'] },
  ChatMessagePosted: { key: 'chat', paths: ['content'] },
  ChatAdminReplied: { key: 'chat', paths: ['content'] },
};

/** The first event of each stream kind that names its owner (`ownerId`): the key of its `owner` fields. */
export const OWNER_NAMING_EVENTS: ReadonlySet<string> = new Set([
  'RecordingCreated',
  'SummaryRequested',
  'TranslationRequested',
  'LiveSessionStarted',
]);

type Json = unknown;
const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies `change` to every string under `value` (deep), keys of records included. */
const mapDeep = async (value: Json, change: (text: string) => Promise<string>): Promise<Json> => {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return Promise.all(value.map((v: Json) => mapDeep(v, change)));
  if (isRecord(value)) {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await mapDeep(v, change);
    return out;
  }
  return value;
};

const mapRecord = async (value: Json, change: (text: string) => Promise<string>): Promise<Json> => {
  if (!isRecord(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value))
    out[await change(k)] = typeof v === 'string' ? await change(v) : v;
  return out;
};

/** `restructure.insert[].words[].text` -> ['restructure', 'insert[]', 'words[]', 'text']. */
const stepsOf = (path: PersonalDataPath): string[] => path.split('.');

const mapAt = async (value: Json, steps: readonly string[], change: (text: string) => Promise<string>) => {
  const [step, ...rest] = steps;
  if (step === undefined) return typeof value === 'string' ? change(value) : value;
  if (!isRecord(value)) return value;
  const out: Record<string, Json> = { ...value };
  if (step.endsWith('**')) {
    const field = step.slice(0, -2);
    if (field in out) out[field] = await mapDeep(out[field], change);
  } else if (step.endsWith('{}')) {
    const field = step.slice(0, -2);
    if (field in out) out[field] = await mapRecord(out[field], change);
  } else if (step.endsWith('[]')) {
    const field = step.slice(0, -2);
    const list = out[field];
    if (Array.isArray(list))
      out[field] = await Promise.all(list.map((item: Json) => mapAt(item, rest, change)));
  } else if (step in out) out[step] = await mapAt(out[step], rest, change);
  return out;
};

/**
 * The event's data with `change` applied to every string at the given paths (absent or null fields stay as they
 * are). The sealing adapter passes its seal; tests pass a marker check.
 */
export const mapPersonalData = async (
  data: Json,
  paths: readonly PersonalDataPath[],
  change: (text: string) => Promise<string>,
): Promise<Json> => {
  let out = data;
  for (const path of paths) out = await mapAt(out, stepsOf(path), change);
  return out;
};
