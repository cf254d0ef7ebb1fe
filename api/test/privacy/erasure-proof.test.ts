import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { transcribedBeside } from '../recordings/support/worker-beside';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { waitUntil as waitUntilAtMost } from '../support/wait-until';
import { voiceRememberedBeside } from '../voices/voice-beside';
import { encodeVoicePrint } from '@scrivo/domain/voices';
import { bodyOf, expectStatus } from '../support/expect-status';

const AUDITOR = { email: 'auditor@scrivo.test', password: 'auditor-secret-1' };
const ADMIN = { email: 'support@scrivo.test', password: 'admin-secret-1' };
/** The erased person: words that appear nowhere else, each in one kind of their data. */
const EMAIL = 'wendeline.ozzard@example.com';
const FIRST_NAME = 'Zebulonius';
const LAST_NAME = 'Quaxtermoor';
const TRANSCRIPT_WORD = 'xylophonic';
const TITLE_WORD = 'Glimmerdusk';
const FILE_WORD = 'vorpalwick';
const CHAT_WORD = 'snorkelbarrow';
const ADMIN_REPLY_WORD = 'quibblethorn';
const COMMENT_WORD = 'wobbleferry';
/** Typed into the transcript: a line's new text, a new speaker given words, that speaker renamed. */
const EDIT_WORD = 'plinkerdove';
const SPEAKER_WORD = 'Oxbridgella';
const RENAMED_WORD = 'Farthingale';
/** Names of the person's things, and where their webhook sends. */
const FOLDER_WORD = 'bramblequill';
const TAG_WORD = 'thimblewhisk';
const KEY_WORD = 'crumpetlever';
const HOOK_WORD = 'drizzlefont';
/** Their glossary, and an upload's own term and line of context. */
const GLOSSARY_WORD = 'Quillendorf';
const UPLOAD_TERM_WORD = 'Brastlewick';
const CONTEXT_WORD = 'gobbleknot';
/** A remembered voice: its name, and its voice print as the events keep it (base64 of float32 numbers). */
const VOICE_WORD = 'Pemberwick';
const VOICE_PRINT = encodeVoicePrint(Array.from({ length: 192 }, (_, i) => Math.sin(i + 0.5) / 10));
const SECRETS = [
  VOICE_WORD,
  VOICE_PRINT,
  GLOSSARY_WORD,
  UPLOAD_TERM_WORD,
  CONTEXT_WORD,
  EDIT_WORD,
  SPEAKER_WORD,
  RENAMED_WORD,
  FOLDER_WORD,
  TAG_WORD,
  KEY_WORD,
  HOOK_WORD,
  EMAIL,
  FIRST_NAME,
  LAST_NAME,
  TRANSCRIPT_WORD,
  TITLE_WORD,
  FILE_WORD,
  CHAT_WORD,
  ADMIN_REPLY_WORD,
  COMMENT_WORD,
];
const KEPT_EMAIL = 'kept.person@example.com';
const KEPT_NAME = 'Keepsworth';

/** This test's processes start cold: a longer wait than the shared default. */
const waitUntil = (what: string, check: () => Promise<boolean>) => waitUntilAtMost(what, check, 30_000);

/** Every file under a folder. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

const bytesOf = (dir: string, prefix: string) =>
  Buffer.concat(
    readdirSync(dir)
      .filter((f) => f.startsWith(prefix))
      .map((f) => readFileSync(join(dir, f))),
  );

/** Which of the secrets these bytes hold. */
const found = (bytes: Buffer): string[] => SECRETS.filter((secret) => bytes.includes(secret));

/**
 * Crypto-shredding, end to end, on the API as `npm start` runs it (its own process, debug logs captured to a
 * file): a person's address, names, recording title and file name, transcript and support chat are sealed in
 * the events; after the account is deleted, no file of the server and no line of its logs holds any of them, the
 * read models rebuild from zero, and the auditor's replay shows "[erased]" where they were.
 */
describe('after deleting an account, none of its personal data is readable anywhere', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-erasure-proof-'));
  const logDir = mkdtempSync(join(tmpdir(), 'scrivo-erasure-proof-logs-'));
  const logFile = join(logDir, 'api.log');
  const env = {
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
    // Editing the transcript's lines and webhooks are paid features.
    SCRIVO_DEFAULT_PLAN: 'business_pro',
    // Everything the API can say: a log line naming the person would survive any erasure.
    LOG_LEVEL: 'trace',
    SCRIVO_AUDITOR_EMAIL: AUDITOR.email,
    SCRIVO_AUDITOR_PASSWORD: AUDITOR.password,
    SCRIVO_ADMIN_EMAIL: ADMIN.email,
    SCRIVO_ADMIN_PASSWORD: ADMIN.password,
  };
  let api: ApiProcess | null = null;
  beforeAll(() => ensureServerBuild(), 240_000);
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  });

  it('leaves none of it in the events, read models, blobs, keys or logs; rebuilds; replays as erased', async () => {
    api = await startApiProcess(env, { logFile });
    const client = await signUpOver(api.url, dataDir, EMAIL);
    const userId = ((await client.api.accounts.currentUser()).body as { id: string }).id;
    expect(
      (await client.api.accounts.updateAccount({ body: { firstName: FIRST_NAME, lastName: LAST_NAME } }))
        .status,
    ).toBe(200);
    const kept = await signUpOver(api.url, dataDir, KEPT_EMAIL);
    expect((await kept.api.accounts.updateAccount({ body: { firstName: KEPT_NAME } })).status).toBe(200);

    // Invited by someone who stays to two workspaces: one they join, one they never answer. The invitations name
    // their address in the workspaces' streams, which outlive them.
    const teams: string[] = [];
    for (const name of ['Joined team', 'Unanswered team']) {
      const team = await kept.api.workspaces.create({ body: { name } });
      expectStatus(team, 201);
      teams.push(team.body.id);
      expectStatus(
        await kept.api.workspaces.invite({
          params: { workspaceId: team.body.id },
          body: { email: EMAIL, role: 'member' },
        }),
        201,
      );
    }
    const [joinedTeam, unansweredTeam] = teams as [string, string];
    const waiting = bodyOf(await client.api.workspaces.myInvitations(), 200).invitations;
    const joining = waiting.find((i) => i.workspaceId === joinedTeam);
    expect(joining).toBeDefined();
    expectStatus(await client.api.workspaces.accept({ params: { invitationId: joining!.id } }), 200);

    // Their folder, tag, API key and webhook: a delivery of the transcript's completion (its body holds the
    // title) waits to be retried, since the receiver cannot be reached from here.
    expect((await client.api.library.createFolder({ body: { name: `${FOLDER_WORD} box` } })).status).toBe(
      201,
    );
    expect((await client.api.library.createTag({ body: { name: `${TAG_WORD} tag` } })).status).toBe(201);
    const key = await client.api.apiKeys.create({ body: { name: `${KEY_WORD} key`, scopes: ['read'] } });
    expectStatus(key, 201);
    const hook = await client.api.webhooks.create({
      body: {
        url: `https://${HOOK_WORD}.example.com/hook`,
        events: ['transcription.completed'],
      },
    });
    expectStatus(hook, 201);
    const webhookId = (hook.body.webhook as { id: string }).id;
    const glossary = await client.api.vocabulary.set({
      body: {
        terms: [{ text: GLOSSARY_WORD, soundsLike: 'quill-en-dorf' }],
      },
    });
    expectStatus(glossary, 200);

    // A recording with a title and a file name of theirs, and its transcript.
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), `${FILE_WORD}-notes.wav`);
    form.set('title', `${TITLE_WORD} meeting`);
    form.set('terms', UPLOAD_TERM_WORD);
    form.set('context', `Weekly ${CONTEXT_WORD} sync`);
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const recordingId = created.body.id as string;
    await transcribedBeside(dataDir, recordingId, {
      text: `my ${TRANSCRIPT_WORD} secret`,
      word: TRANSCRIPT_WORD,
    });
    await waitUntil('the transcript is served', async () =>
      (await client.api.recordings.transcript({ params: { id: recordingId } })).text.includes(
        TRANSCRIPT_WORD,
      ),
    );
    // A voice they asked to remember: its name and voice print.
    await voiceRememberedBeside(dataDir, {
      userId,
      recordingId,
      name: `${VOICE_WORD} Jones`,
      print: VOICE_PRINT,
    });
    expect((await client.api.voices.list()).body).toMatchObject({
      voices: [{ name: `${VOICE_WORD} Jones` }],
    });

    // Their comment on a passage of it.
    const commented = await client.api.recordings.addAnnotation({
      params: { id: recordingId },
      body: {
        kind: 'comment',
        start: 0,
        end: 1,
        comment: `Ask about the ${COMMENT_WORD}`,
      },
    });
    expectStatus(commented, 201);

    // The owner's corrections: a line's text, words given to a new speaker, that speaker renamed.
    const edited = await client.api.recordings.editTranscript({
      params: { id: recordingId },
      body: {
        version: 1,
        segments: [{ index: 0, text: `my ${EDIT_WORD} secret words` }],
      },
    });
    expectStatus(edited, 200);
    const assigned = await client.api.recordings.restructureTranscript({
      params: { id: recordingId },
      body: {
        version: 2,
        change: {
          kind: 'assignSpeaker',
          from: { segment: 0, word: 0 },
          to: { segment: 0, word: 1 },
          speaker: SPEAKER_WORD,
        },
      },
    });
    expectStatus(assigned, 200);
    const renamed = await client.api.recordings.editTranscript({
      params: { id: recordingId },
      body: {
        version: 3,
        speakers: { [SPEAKER_WORD]: RENAMED_WORD },
      },
    });
    expectStatus(renamed, 200);
    await waitUntil('the delivery is scheduled', async () => {
      const deliveries = await client.api.webhooks.deliveries({ params: { webhookId } });
      expectStatus(deliveries, 200);
      return ((deliveries.body.items as unknown[] | undefined) ?? []).length > 0;
    });

    // A support chat in which the app proved who they are; a person answers them.
    const identity = (await client.api.chat.myIdentity()).body as Record<string, string>;
    const started = await client.api.chat.start({
      body: {
        siteKey: 'scrivo-app',
        contextPage: '/dashboard',
        hostOrigin: api.url,
        identity: { userId: identity.userId, email: identity.email, signature: identity.signature },
      },
    });
    expectStatus(started, 201);
    const chatId = (started.body.session as { sessionId: string }).sessionId;
    const chatToken = { 'x-chat-token': String(started.body.token) };
    const said = await client.api.chat.post({
      params: { sessionId: chatId },
      body: { content: `Talk to a person: my ${CHAT_WORD} broke` },
      headers: chatToken,
    });
    expectStatus(said, 200);
    const admin = new TestClient(api.url);
    expect(
      (await admin.api.accounts.adminLogin({ body: { username: ADMIN.email, password: ADMIN.password } }))
        .status,
    ).toBe(200);
    const replied = await admin.api.adminChat.respond({
      params: { sessionId: chatId },
      body: {
        content: `Your ${ADMIN_REPLY_WORD} is fixed`,
        noteType: 'admin_response',
        markResolved: false,
      },
    });
    expectStatus(replied, 200);
    const conversation = await client.api.chat.get({
      params: { sessionId: chatId },
      query: { after: 0 },
      headers: chatToken,
    });
    expect(conversation.text).toContain(ADMIN_REPLY_WORD);

    // Sealed as written: the events never held any of it, even before the erasure.
    const events = () => Buffer.concat([bytesOf(dataDir, 'events.db')]);
    expect(found(events())).toEqual([]);
    // The search below can see them: the read models hold them while the account lives.
    expect(found(bytesOf(dataDir, 'read-models.db'))).toEqual(
      expect.arrayContaining([
        FIRST_NAME,
        TITLE_WORD,
        TRANSCRIPT_WORD,
        CHAT_WORD,
        ADMIN_REPLY_WORD,
        COMMENT_WORD,
      ]),
    );

    expect(found(Buffer.concat(filesUnder(join(dataDir, 'outbox')).map((f) => readFileSync(f))))).toContain(
      EMAIL,
    );

    expect((await client.api.privacy.deleteAccount({ body: { password: 'secret-pass' } })).status).toBe(200);
    const deletedAt = Date.now();
    // While the server runs, not only once it has closed its files: every file of the data folder (read models
    // and their write-ahead logs, events, keys, blobs, outbox), searched until clean, within 10 s of the answer.
    let left: string[] = [];
    for (;;) {
      left = filesUnder(dataDir).flatMap((file) => {
        const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
        return found(bytes).map((secret) => `${secret} in ${file.slice(dataDir.length + 1)}`);
      });
      if (left.length === 0 || Date.now() - deletedAt > 10_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(left, 'personal data on the running server 10 s after the deletion').toEqual([]);
    const auditor = new TestClient(api.url);
    expect(
      (await auditor.api.audit.login({ body: { username: AUDITOR.email, password: AUDITOR.password } }))
        .status,
    ).toBe(200);
    await waitUntil('the erasure is done', async () => {
      const erased = bodyOf(await auditor.api.privacy.erasedAccounts(), 200).items as {
        userId: string;
        erasedAt: string | null;
      }[];
      return erased.some((a) => a.userId === userId && a.erasedAt !== null);
    });

    // The auditor's replay: the streams are there, their personal fields read "[erased]".
    const replay = await auditor.api.audit.events({ query: { streamId: `user-${userId}` } });
    expectStatus(replay, 200);
    const userEvents = replay.body.events as { type: string; data: Record<string, unknown> }[];
    expect(userEvents.find((e) => e.type === 'UserProfileUpdated')?.data).toMatchObject({
      firstName: '[erased]',
      lastName: '[erased]',
    });
    expect(userEvents.find((e) => e.type === 'UserRegistered')?.data).toMatchObject({
      email: '[erased]',
      firstName: '[erased]',
    });
    for (const streamId of [`recording-${recordingId}`, `chat-session-${chatId}`, `voices-${userId}`]) {
      const stream = await auditor.api.audit.events({ query: { streamId } });
      expectStatus(stream, 200);
      expect(found(Buffer.from(stream.text)), streamId).toEqual([]);
      expect(stream.text).toContain('[erased]');
    }
    // The workspaces they were invited to: they left the one they joined, the other's invitation is gone, and
    // the address each invitation named reads "[erased]" in the replay.
    const joinedDetail = bodyOf(await kept.api.workspaces.get({ params: { workspaceId: joinedTeam } }), 200);
    expect(joinedDetail.members.map((m) => m.userId)).not.toContain(userId);
    const unanswered = bodyOf(
      await kept.api.workspaces.get({ params: { workspaceId: unansweredTeam } }),
      200,
    );
    expect(unanswered.invitations).toEqual([]);
    for (const team of teams) {
      const stream = bodyOf(await auditor.api.audit.events({ query: { streamId: `workspace-${team}` } }), 200)
        .events as { type: string; data: Record<string, unknown> }[];
      expect(stream.find((e) => e.type === 'WorkspaceMemberInvited')?.data).toMatchObject({
        email: '[erased]',
      });
    }
    // The webhook went with the account: its waiting delivery is never sent again.
    const hooks = bodyOf(await auditor.api.audit.events({ query: { streamId: `webhooks-${userId}` } }), 200)
      .events as {
      type: string;
    }[];
    expect(hooks.map((e) => e.type)).toEqual(['WebhookCreated', 'WebhookDeleted']);
    const recordingEvents = bodyOf(
      await auditor.api.audit.events({ query: { streamId: `recording-${recordingId}` } }),
      200,
    ).events as { type: string; data: Record<string, unknown> }[];
    expect(recordingEvents.find((e) => e.type === 'RecordingCreated')?.data).toMatchObject({
      title: '[erased]',
      originalFilename: '[erased]',
    });
    // The conversation is gone for the visitor too.
    expect(
      (await client.api.chat.get({ params: { sessionId: chatId }, query: { after: 0 }, headers: chatToken }))
        .status,
    ).toBe(404);

    await api.stop();
    api = null;
    const files = filesUnder(dataDir).filter((f) => !f.startsWith(join(dataDir, 'outbox')));
    expect(files.some((f) => f.endsWith('read-models.db'))).toBe(true);
    for (const file of [...files, logFile])
      expect(found(readFileSync(file)), `personal data in ${file}`).toEqual([]);
    expect(readFileSync(logFile, 'utf8')).toContain('"level":30'); // the logs are real: the API wrote them

    // Every read model rebuilt from zero, from the same events.
    for (const f of readdirSync(dataDir).filter((name) => name.startsWith('read-models.db')))
      unlinkSync(join(dataDir, f));
    api = await startApiProcess(env, { logFile });
    await waitUntil('the read models are rebuilt', async () => {
      const health = (await fetch(`${api!.url}/api/health`).then((r) => r.json())) as {
        projections: { name: string; checkpoint: number }[];
      };
      const head = Math.max(...health.projections.map((p) => p.checkpoint));
      return health.projections
        .filter((p) => !p.name.startsWith('reactor:'))
        .every((p) => p.checkpoint >= head);
    });
    // Sessions live in the read models too: the kept user signs in again after the rebuild.
    const keptAgain = new TestClient(api.url);
    expect(
      (await keptAgain.api.accounts.login({ body: { email: KEPT_EMAIL, password: 'secret-pass' } })).status,
    ).toBe(200);
    expect((await keptAgain.api.accounts.getAccount()).body).toMatchObject({ firstName: KEPT_NAME });
    await api.stop();
    api = null;
    expect(found(bytesOf(dataDir, 'read-models.db'))).toEqual([]);
    expect(found(readFileSync(logFile))).toEqual([]);
    expect(existsSync(logFile)).toBe(true);
  }, 240_000);
});
