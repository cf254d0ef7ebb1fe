import type { BlobStore, EventStore, ReadModelStore } from '@scrivo/domain';
import { AccountStreams, USERS, type UserDoc } from '@scrivo/domain/accounts';
import { CHAT_MESSAGES, CHAT_SESSIONS, type ChatMessageDoc, type ChatSessionDoc } from '@scrivo/domain/chat';
import {
  RECORDINGS_COLLECTION,
  type RecordingDoc,
  TRANSCRIPTS_COLLECTION,
  ANNOTATIONS_COLLECTION,
  type AnnotationsDoc,
  type TranscriptDoc,
  transcriptText,
} from '@scrivo/domain/recordings';
import {
  type Vocabulary,
  vocabularyDecider,
  type VocabularySet,
  vocabularyStream,
} from '@scrivo/domain/vocabulary';
import {
  type SummaryTemplateEvent,
  type SummaryTemplates,
  summaryTemplatesDecider,
  summaryTemplatesStream,
} from '@scrivo/domain/summaries';
import { foldEvents, toDomainEvent } from '@scrivo/domain';
import {
  decodeVoicePrint,
  isVoiceEvent,
  voicesDecider,
  voicesStream,
  workspaceVoicesOwner,
} from '@scrivo/domain/voices';
import {
  type PersonalRetentionSet,
  personalRetentionDecider,
  personalRetentionStream,
  WORKSPACE_MEMBERS_COLLECTION,
  type WorkspaceDoc,
  type WorkspaceMemberDoc,
  WORKSPACES_COLLECTION,
} from '@scrivo/domain/workspaces';
import { mediaExtensionOf } from './media-file-name';
import { ZipStream } from './zip-stream';

/** The user-stream events that make the plan and billing history, and the sign-in history. */
const PLAN_AND_BILLING = new Set([
  'UserPlanChanged',
  'UserPlanSetByAdmin',
  'UserMinutesGranted',
  'UserSubscriptionChanged',
  'UserSubscriptionPaymentFailed',
]);
const SIGN_INS = new Set(['UserSignedIn', 'UserSignInFailed']);

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const clock = (seconds: number) => {
  const s = Math.floor(seconds);
  return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
/** A folder name a file manager shows well: the title, tidied, then the id so two equal titles differ. */
const folderOf = (doc: RecordingDoc) =>
  `recordings/${
    doc.title
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .slice(0, 60) || 'recording'
  }-${doc.id}`;

/** Readable text with a time for each segment, as the transcript page shows it. */
export const transcriptAsText = (transcript: TranscriptDoc): string =>
  `${transcript.segments.map((s) => `[${clock(s.start)}] ${s.text.trim()}`).join('\n')}\n`;

export interface ArchiveDeps {
  readonly readModels: ReadModelStore;
  readonly events: EventStore;
  readonly blobs: BlobStore;
}

/**
 * The support chats the user took part in: those in which the site proved who the visitor was (a chat started
 * signed in to the app, or identified later). An anonymous visitor's chat cannot be linked to an account.
 */
const chatsOf = async (readModels: ReadModelStore, userId: string) => {
  const sessions = await readModels
    .collection<ChatSessionDoc>(CHAT_SESSIONS)
    .find({ userId }, { sort: [{ field: 'startedAt', direction: 'asc' }] });
  const messages = readModels.collection<ChatMessageDoc>(CHAT_MESSAGES);
  const chats = [];
  for (const session of sessions) {
    const conversation = await messages.find(
      { sessionId: session.sessionId },
      { sort: [{ field: 'seq', direction: 'asc' }] },
    );
    chats.push({
      sessionId: session.sessionId,
      startedAt: session.startedAt,
      status: session.status,
      page: session.contextPage,
      contactEmail: session.contactEmail,
      rating: session.rating,
      messages: conversation.map((m) => ({ role: m.role, at: m.createdAt, text: m.content })),
    });
  }
  return chats;
};

/**
 * The voices the person remembered for a workspace (the events they wrote, as their metadata says), still
 * remembered there, by the name they have now: names only. The voice prints are the workspace's, of whoever
 * speaks, not the person's own data, and are never exported.
 */
const voicesRememberedIn = async (deps: ArchiveDeps, userId: string, workspaceId: string) => {
  const recorded = await deps.events.readStream(voicesStream(workspaceVoicesOwner(workspaceId)));
  const theirs = new Set(
    recorded
      .filter((e) => e.type === 'VoiceRemembered' && e.metadata.actor.kind === 'user')
      .filter((e) => e.metadata.actor.id === userId)
      .map((e) => (e.data as { voiceId: string }).voiceId),
  );
  if (theirs.size === 0) return [];
  const { voices } = foldEvents(voicesDecider, recorded.map(toDomainEvent).filter(isVoiceEvent));
  return voices
    .filter((voice) => theirs.has(voice.voiceId))
    .map((voice) => ({ name: voice.name, rememberedAt: voice.createdAt }));
};

/**
 * The workspaces the person belongs to, with their role and the voices they remembered there (names only; their
 * recordings there are under recordings/ with the rest: the uploader keeps them), and how long their own space
 * keeps recordings.
 */
const spacesOf = async (deps: ArchiveDeps, userId: string) => {
  const memberships = await deps.readModels
    .collection<WorkspaceMemberDoc>(WORKSPACE_MEMBERS_COLLECTION)
    .find({ userId }, { sort: [{ field: 'joinedAt', direction: 'asc' }] });
  const workspaces =
    memberships.length === 0
      ? []
      : await deps.readModels
          .collection<WorkspaceDoc>(WORKSPACES_COLLECTION)
          .find({ id: { $in: memberships.map((m) => m.workspaceId) } });
  const live = new Map(workspaces.filter((w) => !w.deleted).map((w) => [w.id, w.name]));
  const { policy } = foldEvents(
    personalRetentionDecider,
    (await deps.events.readStream(personalRetentionStream(userId)))
      .map(toDomainEvent)
      .filter((e): e is PersonalRetentionSet => e.type === 'PersonalRetentionSet'),
  );
  const spaces = [];
  for (const m of memberships) {
    const name = live.get(m.workspaceId);
    if (name === undefined) continue;
    const voicesYouRemembered = await voicesRememberedIn(deps, userId, m.workspaceId);
    spaces.push({ id: m.workspaceId, name, role: m.role, joinedAt: m.joinedAt, voicesYouRemembered });
  }
  return { ownSpace: { retention: policy }, workspaces: spaces };
};

/**
 * Writes everything the account holds into the zip: the account, every recording's original media and its
 * transcript (JSON and TXT), the support chats, the plan and billing history and the sign-in history (from the
 * account's own stream). `progress` is told after each recording (media is most of the bytes).
 */
export const buildArchive = async (
  deps: ArchiveDeps,
  userId: string,
  zip: ZipStream,
  progress: (done: number) => Promise<void>,
): Promise<void> => {
  const account = await deps.readModels.collection<UserDoc>(USERS).get(userId);
  if (!account) throw new Error('The account no longer exists');
  zip.addText('account.json', json(account));

  const history = await deps.events.readStream(AccountStreams.user(userId));
  const entry = (e: (typeof history)[number]) => ({ type: e.type, at: e.metadata.occurredAt, data: e.data });
  zip.addText('plan-and-billing.json', json(history.filter((e) => PLAN_AND_BILLING.has(e.type)).map(entry)));
  zip.addText('sign-ins.json', json(history.filter((e) => SIGN_INS.has(e.type)).map(entry)));

  const recordings = await deps.readModels
    .collection<RecordingDoc>(RECORDINGS_COLLECTION)
    .find({ ownerId: userId }, { sort: [{ field: 'createdAt', direction: 'asc' }] });
  const transcripts = deps.readModels.collection<TranscriptDoc>(TRANSCRIPTS_COLLECTION);
  const index: {
    id: string;
    title: string;
    folder: string;
    media: string | null;
    mimeType: string | null;
  }[] = [];
  for (const [i, doc] of recordings.entries()) {
    const folder = folderOf(doc);
    const media =
      doc.blobKey && (await deps.blobs.stat(doc.blobKey)) ? `original.${mediaExtensionOf(doc)}` : null;
    // The zip carries no content types: the index says what each original is.
    index.push({ id: doc.id, title: doc.title, folder, media, mimeType: media ? doc.mimeType : null });
    const { searchText: _search, ...recording } = doc;
    zip.addText(`${folder}/recording.json`, json(recording));
    const transcript = await transcripts.get(doc.id);
    if (transcript) {
      zip.addText(`${folder}/transcript.json`, json(transcript));
      zip.addText(`${folder}/transcript.txt`, transcriptAsText(transcript));
      zip.addText(`${folder}/transcript-plain.txt`, `${transcriptText(transcript.segments)}\n`);
    }
    const notes = await deps.readModels.collection<AnnotationsDoc>(ANNOTATIONS_COLLECTION).get(doc.id);
    if (notes && notes.items.length > 0)
      zip.addText(`${folder}/highlights-and-comments.json`, json(notes.items));
    if (media && doc.blobKey)
      await zip.addStream(`${folder}/${media}`, (await deps.blobs.get(doc.blobKey)).body);
    await progress((i + 1) / (recordings.length + 1));
  }
  zip.addText('recordings.json', json(index));
  zip.addText('chats.json', json(await chatsOf(deps.readModels, userId)));
  zip.addText('workspaces.json', json(await spacesOf(deps, userId)));
  const glossary = (await deps.events.readStream(vocabularyStream(userId))).reduce<Vocabulary>(
    (state, e) =>
      vocabularyDecider.evolve(state, { type: 'VocabularySet', data: e.data as VocabularySet['data'] }),
    vocabularyDecider.initialState(),
  );
  zip.addText('vocabulary.json', json(glossary));
  // Stored events are untyped; this stream holds only the templates decider's own.
  const templates = (await deps.events.readStream(summaryTemplatesStream(userId))).reduce<SummaryTemplates>(
    (state, e) =>
      summaryTemplatesDecider.evolve(state, { type: e.type, data: e.data } as SummaryTemplateEvent),
    summaryTemplatesDecider.initialState(),
  );
  zip.addText('summary-templates.json', json(templates.own));
  const { voices } = foldEvents(
    voicesDecider,
    (await deps.events.readStream(voicesStream(userId))).map(toDomainEvent).filter(isVoiceEvent),
  );
  zip.addText(
    'voices.json',
    json(
      voices.map((voice) => ({
        id: voice.voiceId,
        name: voice.name,
        createdAt: voice.createdAt,
        voicePrint: {
          about: 'CAM++ speaker embedding of your voice (biometric data), made from one of your recordings',
          numbers: decodeVoicePrint(voice.print),
        },
      })),
    ),
  );
  zip.addText(
    'README.txt',
    [
      'Your data from Scrivo.',
      '',
      'account.json            your account as the server keeps it',
      'plan-and-billing.json   every plan change, granted minutes and payment notice',
      'sign-ins.json           every sign-in and failed sign-in',
      'recordings.json         the list of your recordings and their folders',
      "chats.json              the support chats you had signed in, every message (yours, the assistant's",
      "                        and our team's) in order",
      'workspaces.json         the workspaces you belong to with your role, and how long your own space keeps',
      '                        recordings (your recordings in a workspace are under recordings/ with the rest),',
      '                        and the names of the voices you remembered for each workspace (no voice prints)',
      'vocabulary.json         your glossary of names and terms (the Vocabulary page)',
      'summary-templates.json  the summary templates you wrote (name, instructions, sections)',
      'voices.json             the voices you asked to remember (the Voices page): each name and its voice print',
      'recordings/<title-id>/  recording.json, original.<ext> (the file you uploaded, or the audio of a live',
      '                        recording as Ogg Opus; recordings.json names its type),',
      '                        transcript.json, transcript.txt (with times), transcript-plain.txt,',
      '                        highlights-and-comments.json (your notes on passages, times in seconds)',
      '',
    ].join('\n'),
  );
};
