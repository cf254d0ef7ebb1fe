import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore, ReadModelStore } from '@scrivo/domain';
import { DATA_EXPORTS, type DataExportDoc, dataExportStream } from '@scrivo/domain/privacy';
import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import { encodeVoicePrint, voicesDecider, voicesStream, workspaceVoicesOwner } from '@scrivo/domain/voices';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { BLOB_STORE, READ_MODELS } from '../../src/infrastructure/tokens';
import { sweepExpiredExports } from '../../src/privacy/data-export/expired-exports-sweep';
import { latestMailTo } from '../accounts/support/outbox';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { bodyOf, expectStatus } from '../support/expect-status';

const JFK = readFileSync(JFK_PATH);
const SENTENCE = 'ask not what your country can do for you';

interface ExportView {
  id: string;
  status: string;
  progress: number;
  downloadUrl: string | null;
  expiresAt: string | null;
}

const waitUntil = async <T>(what: string, check: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
};

describe('Download my data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100', SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => app?.close());

  /** An upload whose transcription finished (the worker's own command, with the words JFK says). */
  const transcribedUpload = async (client: TestClient, userId: string): Promise<string> => {
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const id = created.body.id as string;
    const runner = app.scrivo.app.get(StreamRunner);
    const { state } = await runner.load(recordingDecider, recordingStream(id));
    const worker = { kind: 'worker' as const, id: 'test-worker' };
    await runner.run(
      recordingDecider,
      recordingStream(id),
      { type: 'StartTranscription', jobId: state.jobId!, workerId: 'w', now: runner.now() },
      { actor: worker, correlationId: id },
    );
    await runner.run(
      recordingDecider,
      recordingStream(id),
      {
        type: 'CompleteTranscription',
        jobId: state.jobId!,
        now: runner.now(),
        transcript: {
          language: 'en',
          languageProbability: 0.99,
          durationSeconds: 11,
          text: SENTENCE,
          engine: 'test',
          segments: [{ id: 0, start: 6.5, end: 9.2, text: ` ${SENTENCE}`, speaker: null, words: [] }],
        },
      },
      { actor: worker, correlationId: id },
    );
    expect(userId).toBeTruthy();
    return id;
  };

  it('builds a zip in the background with every part of the account, then emails its owner', async () => {
    const { client, email, userId } = await signedInClient(app);
    const recordingId = await transcribedUpload(client, userId);
    // A voice they asked to remember (the print as the speech engine would have made it).
    const print = [0.6, 0.8];
    await app.scrivo.app.get(StreamRunner).run(
      voicesDecider,
      voicesStream(userId),
      {
        type: 'RememberVoice',
        userId,
        voiceId: 'voice-1',
        name: 'Ada Lovelace',
        print: encodeVoicePrint(print),
        recordingId,
        now: new Date().toISOString(),
      },
      { actor: { kind: 'user', id: userId } },
    );
    // A support chat they had signed in to the app (the app signs who they are), and an anonymous one.
    const identity = (await client.api.chat.myIdentity()).body as Record<string, string>;
    const chat = await client.api.chat.start({
      body: {
        siteKey: 'scrivo-app',
        contextPage: '/dashboard',
        hostOrigin: app.url,
        identity: { userId: identity.userId, email: identity.email, signature: identity.signature },
      },
    });
    expectStatus(chat, 201);
    const chatId = (chat.body.session as { sessionId: string }).sessionId;
    const said = await client.api.chat.post({
      params: { sessionId: chatId },
      body: { content: 'How long can my recordings be?' },
      headers: { 'x-chat-token': String(chat.body.token) },
    });
    expectStatus(said, 200);
    const anonymous = await new TestClient(app.url).api.chat.start({
      body: {
        siteKey: 'scrivo-app',
        contextPage: '/pricing',
        hostOrigin: app.url,
      },
    });
    expectStatus(anonymous, 201);

    const template = await client.api.summaries.createTemplate({
      body: {
        name: 'Client calls',
        instructions: 'What the client asked for.',
        sections: { keyPoints: 'Asked', decisions: null, actionItems: 'Next', chapters: null },
      },
    });
    expect(template.status).toBe(201);

    // A workspace they belong to, and a policy for their own space.
    const team = await client.api.workspaces.create({ body: { name: 'Research team' } });
    expectStatus(team, 201);
    // Two voices remembered for the workspace: one by them (its name is theirs to take), one by someone else.
    const teamVoices = workspaceVoicesOwner(team.body.id);
    for (const [voiceId, name, by] of [
      ['team-voice-1', 'Grace Hopper', userId],
      ['team-voice-2', 'Someone else’s pick', 'another-member'],
    ] as const)
      await app.scrivo.app.get(StreamRunner).run(
        voicesDecider,
        voicesStream(teamVoices),
        {
          type: 'RememberVoice',
          userId: teamVoices,
          voiceId,
          name,
          print: encodeVoicePrint([0.3, 0.4]),
          recordingId,
          now: new Date().toISOString(),
        },
        { actor: { kind: 'user', id: by } },
      );
    expectStatus(await client.api.retention.set({ body: { policy: { days: 90, scope: 'media' } } }), 200);

    const asked = await client.api.privacy.requestDataExport();
    expectStatus(asked, 202);
    const exportId = (asked.body as unknown as ExportView).id;
    expect((await client.api.privacy.requestDataExport()).status).toBeOneOf([202, 409]);

    const ready = await waitUntil('the archive is ready', async () => {
      const items = bodyOf(await client.api.privacy.listDataExports(), 200).items as ExportView[];
      const mine = items.find((e) => e.id === exportId);
      return mine?.status === 'ready' ? mine : null;
    });
    expect(ready.progress).toBe(1);
    expect(Date.parse(ready.expiresAt!) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const download = await fetch(`${app.url}${ready.downloadUrl}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        'account.json',
        'plan-and-billing.json',
        'sign-ins.json',
        'recordings.json',
        'chats.json',
        'vocabulary.json',
        'summary-templates.json',
        'voices.json',
        'workspaces.json',
        'README.txt',
      ]),
    );
    expect(JSON.parse(strFromU8(files['workspaces.json']!))).toEqual({
      ownSpace: { retention: { days: 90, scope: 'media' } },
      workspaces: [
        {
          id: team.body.id,
          name: 'Research team',
          role: 'owner',
          joinedAt: expect.any(String),
          voicesYouRemembered: [{ name: 'Grace Hopper', rememberedAt: expect.any(String) }],
        },
      ],
    });
    // Names only: no voice print of the workspace's leaves in the archive's workspaces.json.
    expect(strFromU8(files['workspaces.json']!)).not.toMatch(/print|0\.3/);
    const chats = JSON.parse(strFromU8(files['chats.json']!)) as {
      sessionId: string;
      messages: { role: string; text: string }[];
    }[];
    expect(chats.map((c) => c.sessionId)).toEqual([chatId]);
    expect(chats[0]!.messages[0]).toMatchObject({ role: 'user', text: 'How long can my recordings be?' });
    expect(chats[0]!.messages.some((m) => m.role === 'assistant')).toBe(true);
    expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ id: userId, email });
    // Signing up with a verified address signed them in: that first session is in their sign-in history.
    expect(JSON.parse(strFromU8(files['sign-ins.json']!))).toEqual([
      expect.objectContaining({ type: 'UserSignedIn', data: expect.objectContaining({ method: 'sign_up' }) }),
    ]);
    expect(JSON.parse(strFromU8(files['summary-templates.json']!))).toEqual([
      expect.objectContaining({ name: 'Client calls', instructions: 'What the client asked for.' }),
    ]);
    expect(JSON.parse(strFromU8(files['voices.json']!))).toEqual([
      expect.objectContaining({
        id: 'voice-1',
        name: 'Ada Lovelace',
        voicePrint: expect.objectContaining({ numbers: [expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)] }),
      }),
    ]);
    const folder = `recordings/jfk-${recordingId}`;
    expect(Buffer.from(files[`${folder}/original.wav`]!).equals(JFK)).toBe(true);
    expect(JSON.parse(strFromU8(files[`${folder}/transcript.json`]!)).segments[0].text).toContain(SENTENCE);
    expect(strFromU8(files[`${folder}/transcript.txt`]!)).toBe(`[00:00:06] ${SENTENCE}\n`);
    expect(JSON.parse(strFromU8(files[`${folder}/recording.json`]!))).toMatchObject({
      id: recordingId,
      title: 'jfk',
    });

    const mail = await latestMailTo(app.dataDir, email, 'data-export-ready');
    expect(mail.subject).toBe('Your Scrivo data is ready to download');
  });

  it("is its owner's alone: another user and a visitor get nothing", async () => {
    const { client } = await signedInClient(app);
    // A workspace they belong to, and a policy for their own space.
    const team = await client.api.workspaces.create({ body: { name: 'Research team' } });
    expectStatus(team, 201);
    expectStatus(await client.api.retention.set({ body: { policy: { days: 90, scope: 'media' } } }), 200);

    const asked = await client.api.privacy.requestDataExport();
    const exportId = (asked.body as unknown as ExportView).id;
    const ready = await waitUntil('the archive is ready', async () => {
      const items = bodyOf(await client.api.privacy.listDataExports(), 200).items as ExportView[];
      return items.find((e) => e.id === exportId && e.status === 'ready') ?? null;
    });
    const { client: other } = await signedInClient(app);
    expect((await other.get(ready.downloadUrl!)).status).toBe(404);
    expect((await other.api.privacy.listDataExports()).body).toEqual({ items: [] });
    expect((await new TestClient(app.url).get(ready.downloadUrl!)).status).toBe(401);
  });

  it('deletes an archive from the blob store once its link has expired, and says so', async () => {
    const { client } = await signedInClient(app);
    const exportId = ((await client.api.privacy.requestDataExport()).body as unknown as ExportView).id;
    const ready = await waitUntil('the archive is ready', async () => {
      const items = bodyOf(await client.api.privacy.listDataExports(), 200).items as ExportView[];
      return items.find((e) => e.id === exportId && e.status === 'ready') ?? null;
    });
    const blobs = app.scrivo.app.get<BlobStore>(BLOB_STORE);
    const doc = await app.scrivo.app
      .get<ReadModelStore>(READ_MODELS)
      .collection<DataExportDoc>(DATA_EXPORTS)
      .get(exportId);
    const blobKey = doc!.blobKey!;
    expect(await blobs.stat(blobKey)).not.toBeNull();
    const deps = {
      readModels: app.scrivo.app.get<ReadModelStore>(READ_MODELS),
      blobs,
      runner: app.scrivo.app.get(StreamRunner),
    };
    const expiry = Date.parse(ready.expiresAt!);

    // Before their time nothing goes (every archive here was made in the last minute).
    expect(await sweepExpiredExports(deps, new Date())).toBe(0);
    expect(await blobs.stat(blobKey)).not.toBeNull();

    // Past its time it goes, with the other tests' archives, which are older.
    expect(await sweepExpiredExports(deps, new Date(expiry + 1000))).toBeGreaterThanOrEqual(1);
    expect(await blobs.stat(blobKey)).toBeNull();
    const items = bodyOf(await client.api.privacy.listDataExports(), 200).items as ExportView[];
    expect(items.find((e) => e.id === exportId)).toMatchObject({ status: 'expired', downloadUrl: null });
    expect((await client.get(ready.downloadUrl!)).status).toBe(410);
    const stream = await app.scrivo.adapters.events.readStream(dataExportStream(exportId));
    expect(stream.at(-1)).toMatchObject({ type: 'DataExportExpired', data: { exportId, blobKey } });
    // Once expired, a later sweep has nothing more to do with it.
    expect(await sweepExpiredExports(deps, new Date(expiry + 2000))).toBe(0);
  });
});
