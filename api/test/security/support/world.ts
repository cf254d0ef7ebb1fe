import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { encodeVoicePrint, voicesDecider, voicesStream } from '@scrivo/domain/voices';
import { StreamRunner } from '../../../src/infrastructure/stream-runner';
import { adminClient } from '../../chat/admin-session';
import { TestClient } from '../../support/http-client';
import { signedInClient } from '../../support/sessions';
import type { TestApp } from '../../support/test-app';
import { startedAsWorker } from '../../recordings/support/test-worker';

/** A real 16 kHz mono WAV of a tone, made by ffmpeg (the probe reads its true duration). */
export const toneWav = (seconds: number): Buffer => {
  const dir = mkdtempSync(join(tmpdir(), 'scrivo-tone-'));
  try {
    const file = join(dir, 'tone.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=16000:duration=${seconds}`,
      '-ac',
      '1',
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const TRANSCRIPT: TranscriptBody = {
  language: 'en',
  languageProbability: 0.9,
  durationSeconds: 3,
  text: 'The owner said this.',
  segments: [{ id: 0, start: 0, end: 3, text: ' The owner said this.', speaker: null, words: [] }],
  engine: 'test:fixed',
};

/** tus requests as tus-js-client sends them (cookie, CSRF header, protocol version). */
export const tusFetch = (
  client: TestClient,
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: Uint8Array<ArrayBuffer>,
) =>
  fetch(url, {
    method,
    headers: {
      ...(client.cookieHeader ? { cookie: client.cookieHeader } : {}),
      'X-CSRF-Token': client.cookie('scrivo_csrf') ?? '',
      'Tus-Resumable': '1.0.0',
      ...headers,
    },
    body,
  });

export interface Party {
  readonly client: TestClient;
  readonly userId: string;
  readonly email: string;
}

/** An owner with one of everything that has an id, and three others who must not reach any of it. */
export interface World {
  readonly app: TestApp;
  readonly owner: Party;
  readonly otherUser: Party;
  readonly admin: TestClient;
  readonly anonymous: TestClient;
  /** Values for every `:param` of the routes. */
  readonly ids: Readonly<Record<string, string>>;
  readonly chatToken: string;
}

/** A completed recording: the real multipart upload, then the job's completion through the worker's write side. */
const completedRecording = async (app: TestApp, client: TestClient): Promise<string> => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(toneWav(3))]), 'tone.wav');
  form.set('title', 'Owner recording');
  const created = await client.post('/api/recordings', form);
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  await (await startedAsWorker(app.scrivo.app.get(StreamRunner), id)).complete(TRANSCRIPT);
  const deadline = Date.now() + 10_000;
  while ((await client.get(`/api/recordings/${id}`)).body.status !== 'completed') {
    if (Date.now() > deadline) throw new Error('the recording never showed as completed');
    await new Promise((r) => setTimeout(r, 50));
  }
  return id;
};

/** A tus upload left half-sent: 64 KiB of 256 KiB received. */
const halfSentUpload = async (app: TestApp, client: TestClient): Promise<string> => {
  const created = await tusFetch(client, `${app.url}/api/uploads`, 'POST', {
    'Upload-Length': String(256 * 1024),
    'Upload-Metadata': `filename ${Buffer.from('half.wav').toString('base64')}`,
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const patched = await tusFetch(
    client,
    new URL(location, app.url).toString(),
    'PATCH',
    { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    new Uint8Array(64 * 1024),
  );
  expect(patched.status).toBe(204);
  return location.split('/').pop()!;
};

export const buildWorld = async (app: TestApp): Promise<World> => {
  const owner = await signedInClient(app, { plan: 'premium' });
  const otherUser = await signedInClient(app, { plan: 'premium' });
  const { client: admin } = await adminClient(app);
  const anonymous = new TestClient(app.url);
  for (const c of [owner.client, otherUser.client, admin, anonymous]) await c.get('/api/health');
  const recordingId = await completedRecording(app, owner.client);
  const uploadId = await halfSentUpload(app, owner.client);
  // A share link with a password: its token is a public handle by design, its management is the owner's only.
  const shared = await owner.client.post(`/api/recordings/${recordingId}/share-links`, {
    includeMedia: true,
    password: 'visitor-password',
  });
  expect(shared.status, shared.text).toBe(201);
  const token = shared.body.token as string;
  const linkId = (shared.body.link as { id: string }).id;
  const key = await owner.client.post('/api/account/api-keys', { name: 'Owner script', scopes: ['write'] });
  expect(key.status, key.text).toBe(201);
  const keyId = (key.body.key as { id: string }).id;
  const hook = await owner.client.post('/api/account/webhooks', {
    url: 'https://receiver.example.com/scrivo',
    events: ['transcription.completed'],
  });
  expect(hook.status, hook.text).toBe(201);
  const webhookId = (hook.body.webhook as { id: string }).id;
  const note = await owner.client.post(`/api/recordings/${recordingId}/annotations`, {
    kind: 'comment',
    start: 0,
    end: 2,
    comment: 'Owner note',
  });
  expect(note.status, note.text).toBe(201);
  const annotationId = (note.body.annotations as { id: string }[])[0]!.id;
  const template = await owner.client.post('/api/summaries/templates', {
    name: 'Owner template',
    instructions: 'Owner instructions',
    sections: { keyPoints: 'Points', decisions: null, actionItems: 'Tasks', chapters: null },
  });
  expect(template.status, template.text).toBe(201);
  // A remembered voice, written as POST /api/voices writes it once the speech worker has made the print (this
  // world runs no speech worker; the routes under attack only name the voice).
  const runner = app.scrivo.app.get(StreamRunner);
  const voiceId = 'owner-voice';
  await runner.run(
    voicesDecider,
    voicesStream(owner.userId),
    {
      type: 'RememberVoice',
      userId: owner.userId,
      voiceId,
      name: 'Owner voice',
      print: encodeVoicePrint(Array.from({ length: 192 }, (_, i) => Math.sin(i))),
      recordingId,
      now: runner.now(),
    },
    { actor: { kind: 'user', id: owner.userId } },
  );
  const folder = await owner.client.post('/api/library/folders', { name: 'Owner folder' });
  expect(folder.status, folder.text).toBe(201);
  const tag = await owner.client.post('/api/library/tags', { name: 'owner-tag' });
  expect(tag.status, tag.text).toBe(201);
  const moved = await owner.client.post('/api/library/move', {
    recordingIds: [recordingId],
    folderId: folder.body.id,
  });
  expect(moved.status, moved.text).toBe(204);
  const started = await owner.client.post('/api/chat/sessions', {
    siteKey: 'scrivo-app',
    contextPage: '/dashboard',
    hostOrigin: app.url,
  });
  expect(started.status, started.text).toBe(201);
  const chatToken = started.body.token as string;
  const sessionId = (started.body.session as { sessionId: string }).sessionId;
  const posted = await owner.client.post(
    `/api/chat/sessions/${sessionId}/messages`,
    { content: 'Hello' },
    {
      'x-chat-token': chatToken,
    },
  );
  expect(posted.status, posted.text).toBe(200);
  // A workspace of the owner's with a member and a pending invitation (neither is the attacker).
  const workspace = await owner.client.post('/api/workspaces', { name: 'Owner workspace' });
  expect(workspace.status, workspace.text).toBe(201);
  const workspaceId = workspace.body.id as string;
  const invited = await owner.client.post(`/api/workspaces/${workspaceId}/invitations`, {
    email: 'invitee@example.com',
    role: 'member',
  });
  expect(invited.status, invited.text).toBe(201);
  return {
    app,
    owner,
    otherUser,
    admin,
    anonymous,
    ids: {
      id: recordingId,
      uploadId,
      sessionId,
      siteKey: 'scrivo-app',
      userId: owner.userId,
      token,
      linkId,
      keyId,
      webhookId,
      folderId: folder.body.id as string,
      tagId: tag.body.id as string,
      annotationId,
      templateId: template.body.id as string,
      voiceId,
      // A translation's language (the routes of a recording's translations).
      target: 'de',
      workspaceId,
      invitationId: invited.body.id as string,
    },
    chatToken,
  };
};

/** Everything the owner can see of their data: it must read the same after every attack. */
export const ownerView = async (world: World) => {
  const { owner, ids, app, chatToken, admin } = world;
  const recording = await owner.client.get(`/api/recordings/${ids.id}`);
  const transcript = await owner.client.get(`/api/recordings/${ids.id}/transcript`);
  const upload = await tusFetch(owner.client, `${app.url}/api/uploads/${ids.uploadId}`, 'HEAD');
  const chat = await owner.client.get(`/api/chat/sessions/${ids.sessionId}`, { 'x-chat-token': chatToken });
  const adminChat = await admin.get(`/api/admin/chat/sessions/${ids.sessionId}`);
  const me = await owner.client.get('/api/user');
  const links = await owner.client.get(`/api/recordings/${ids.id}/share-links`);
  const keys = await owner.client.get('/api/account/api-keys');
  const hooks = await owner.client.get('/api/account/webhooks');
  const library = await owner.client.get('/api/library');
  const filed = await owner.client.get(`/api/recordings?folder=${ids.folderId}`);
  const deliveries = await owner.client.get(`/api/account/webhooks/${ids.webhookId}/deliveries`);
  const notes = await owner.client.get(`/api/recordings/${ids.id}/annotations`);
  const templates = await owner.client.get('/api/summaries/templates');
  const voices = await owner.client.get('/api/voices');
  const workspace = await owner.client.get(`/api/workspaces/${ids.workspaceId}`);
  const glossary = await owner.client.get(`/api/workspaces/${ids.workspaceId}/vocabulary`);
  const teamVoices = await owner.client.get(`/api/workspaces/${ids.workspaceId}/voices`);
  const r = recording.body as Record<string, unknown>;
  const t = transcript.body as Record<string, unknown>;
  const c = chat.body as { session: Record<string, unknown>; messages: unknown[] };
  const a = adminChat.body as { session: Record<string, unknown>; messages: unknown[] };
  return {
    recording: [recording.status, r.title, r.status, r.deletedAt ?? null],
    transcript: [transcript.status, t.version, t.text],
    upload: [upload.status, upload.headers.get('upload-offset')],
    chat: [chat.status, c.session?.status, c.session?.rating, c.messages?.length],
    adminChat: [adminChat.status, a.session?.status, a.messages?.length],
    me: [me.status, (me.body as Record<string, unknown>).email],
    shareLinks: [links.status, (links.body as { items?: { id: string; status: string }[] }).items],
    apiKeys: [keys.status, (keys.body as { items?: { id: string; revokedAt: string | null }[] }).items],
    library: [library.status, library.body, filed.status, (filed.body as { total?: number }).total],
    webhooks: [hooks.status, hooks.body, deliveries.status, (deliveries.body as { items?: unknown[] }).items],
    annotations: [notes.status, notes.body],
    summaryTemplates: [templates.status, templates.body],
    voices: [voices.status, voices.body],
    workspace: [
      workspace.status,
      workspace.body,
      glossary.status,
      glossary.body,
      teamVoices.status,
      teamVoices.body,
    ],
  };
};
