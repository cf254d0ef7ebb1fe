import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTestSocket, SAVED_WITHIN } from '../live/live-client';
import { bodyOf } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { joined, type Person, workspaceOf } from './support';

/** 100 ms of a quiet tone, as the browser sends it. */
const frameAudio = new Uint8Array(3200).map((_, i) => (i % 2 === 1 ? 0 : (i * 7) % 64));

describe('recording live into a workspace', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let ed: Person;
  let workspaceId: string;

  beforeAll(async () => {
    // No speech worker: where the recording goes does not depend on live text.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
    });
    [ann, ben, cleo, ed] = await Promise.all(
      [0, 1, 2, 3].map(() => signedInClient(app, { plan: 'premium' })),
    );
    workspaceId = await workspaceOf(ann, 'Standups');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
  }, 120_000);
  afterAll(() => app?.close());

  it('puts a member’s live recording in the workspace, where the others find it', async () => {
    const live = await LiveTestSocket.open(app.url, ben.client);
    live.send({ type: 'start', title: 'Monday standup', language: 'en', workspaceId });
    await live.next('session');
    live.frame(1, frameAudio);
    await live.next('ack', (m) => m.sequence === 1);
    live.send({ type: 'stop' });
    await live.next('stopped');
    const { recordingId } = await live.next('finalized', () => true, SAVED_WITHIN);
    live.close();
    const listed = bodyOf(await ann.client.api.recordings.list({ query: { workspaceId } }), 200).items;
    expect(listed.map((r) => r.id)).toContain(recordingId);
    // As an upload into the workspace: it says where it is, and its uploader's own list keeps it too.
    const page = bodyOf(await ann.client.api.recordings.get({ params: { id: recordingId } }), 200);
    expect(page).toMatchObject({ title: 'Monday standup', workspaceId });
    const own = bodyOf(await ben.client.api.recordings.list({ query: {} }), 200).items;
    expect(own.map((r) => r.id)).toContain(recordingId);
  });

  it('refuses a viewer (FORBIDDEN) and an outsider as for no workspace (NOT_FOUND); nothing starts', async () => {
    for (const [who, code] of [
      [cleo, 'FORBIDDEN'],
      [ed, 'NOT_FOUND'],
    ] as const) {
      const live = await LiveTestSocket.open(app.url, who.client);
      live.send({ type: 'start', title: 'Not here', language: 'en', workspaceId });
      const refused = await live.next('error', () => true);
      expect(refused).toMatchObject({ code, fatal: true });
      live.close();
    }
  });
});
