import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  completedInWorkspace,
  joined,
  keyClientOf,
  type Person,
  tusCreateInto,
  workspaceOf,
} from './support';

/**
 * The scenario through the API: Ann creates a workspace, invites Ben (member) and Cleo (viewer); Ann uploads
 * into it; Ben edits and renames; Cleo reads and exports but is refused editing; Dina, outside, is told nothing
 * of any id; Ann removes Ben, and Ben's next request (session and API key) is refused.
 */
describe('recordings in a workspace: members work on them by role, outsiders see nothing', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let dina: Person;
  let workspaceId: string;
  let recordingId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, ben, cleo, dina] = await Promise.all(
      [0, 1, 2, 3].map(() => signedInClient(app, { plan: 'premium' })),
    );
    workspaceId = await workspaceOf(ann, 'Payments team');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
    recordingId = await completedInWorkspace(app, ann, workspaceId, 'Weekly sync');
  }, 120_000);
  afterAll(() => app?.close());

  const id = () => ({ params: { id: recordingId } });

  it('lists the workspace’s recordings for every member, and for nobody else', async () => {
    for (const member of [ann, ben, cleo]) {
      const list = bodyOf(await member.client.api.recordings.list({ query: { workspaceId } }), 200);
      expect(list.items.map((r) => [r.id, r.workspaceId])).toEqual([[recordingId, workspaceId]]);
    }
    expectStatus(await dina.client.api.recordings.list({ query: { workspaceId } }), 404);
    // The uploader's own list keeps it; a member's own list is theirs alone.
    expect(bodyOf(await ann.client.api.recordings.list({ query: {} }), 200).items.map((r) => r.id)).toContain(
      recordingId,
    );
    expect(bodyOf(await ben.client.api.recordings.list({ query: {} }), 200).items).toEqual([]);
  });

  it('lets a member edit the transcript (named as its last editor), rename and comment', async () => {
    const edited = await ben.client.api.recordings.editTranscript({
      ...id(),
      body: { version: 1, speakers: { SPEAKER_00: 'President Kennedy' } },
    });
    expectStatus(edited, 200);
    expect(edited.body.segments[0]!.speaker).toBe('President Kennedy');
    // The edit names who made it, for everyone who reads the transcript.
    expect(edited.body.editedBy).toEqual({ id: ben.userId, name: 'Test User' });
    const read = bodyOf(await ann.client.api.recordings.transcript(id()), 200);
    expect(read.editedBy).toEqual({ id: ben.userId, name: 'Test User' });
    const renamed = await ben.client.api.recordings.update({
      ...id(),
      body: { title: 'Weekly sync (notes)' },
    });
    expectStatus(renamed, 200);
    expect(renamed.body.title).toBe('Weekly sync (notes)');
    const comment = { kind: 'comment' as const, start: 0, end: 4, comment: 'Quote this in the report' };
    const commented = await ben.client.api.recordings.addAnnotation({ ...id(), body: comment });
    expectStatus(commented, 201);
    // The comment carries its author's name for everyone; only its author changes its text.
    const note = commented.body.annotations.find((a) => a.author.id === ben.userId)!;
    expect(note.author.name).toBe('Test User');
    const notHis = await ann.client.api.recordings.editAnnotation({
      params: { id: recordingId, annotationId: note.id },
      body: { comment: 'Changed by the owner' },
    });
    expectStatus(notHis, 403);
    expect(notHis.body.message).toBe('Only the person who wrote a comment can change it.');
    // What only the uploader does (delete, share publicly) is refused with why.
    const deleting = await ben.client.api.recordings.remove(id());
    expectStatus(deleting, 403);
    expect(deleting.body.message).toBe('Only the person who uploaded this recording can do this.');
  });

  it('lets a viewer read, play and export, and refuses editing with a 403 that says why', async () => {
    expectStatus(await cleo.client.api.recordings.get(id()), 200);
    expect(bodyOf(await cleo.client.api.recordings.transcript(id()), 200).segments.length).toBe(3);
    const txt = await cleo.client.api.recordings.export({ ...id(), query: { format: 'txt' } });
    expectStatus(txt, 200);
    expect(txt.text).toContain('President Kennedy: And so my fellow Americans');
    expectStatus(await cleo.client.api.recordings.media(id()), 200);
    expectStatus(await cleo.client.api.recordings.annotations(id()), 200);
    const version = bodyOf(await cleo.client.api.recordings.transcript(id()), 200).version;
    const edit = await cleo.client.api.recordings.editTranscript({
      ...id(),
      body: { version, speakers: { SPEAKER_01: 'Someone' } },
    });
    expectStatus(edit, 403);
    expect(edit.body.message).toBe(
      'Viewers of this workspace cannot change its recordings; ask an admin for the member role.',
    );
    expectStatus(await cleo.client.api.recordings.update({ ...id(), body: { title: 'Mine' } }), 403);
    const comment = { kind: 'comment' as const, start: 0, end: 4, comment: 'Hi' };
    expectStatus(await cleo.client.api.recordings.addAnnotation({ ...id(), body: comment }), 403);
    // Nor may a viewer upload into the workspace, by either way of uploading.
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(10)]), 'x.wav');
    form.set('workspaceId', workspaceId);
    const upload = await cleo.client.api.recordings.create({ body: form });
    expectStatus(upload, 403);
    expect(upload.body.message).toMatch(/Viewers of this workspace cannot upload/);
    expect((await tusCreateInto(app, cleo, workspaceId)).status).toBe(403);
  });

  it('answers an outsider 404 on every id, as for an id that does not exist', async () => {
    const r = dina.client.api.recordings;
    const answers = await Promise.all([
      r.get(id()),
      r.transcript(id()),
      r.export({ ...id(), query: { format: 'txt' } }),
      r.media(id()),
      r.annotations(id()),
      r.editTranscript({ ...id(), body: { version: 1, speakers: { SPEAKER_00: 'X' } } }),
      r.update({ ...id(), body: { title: 'Mine' } }),
      r.pin({ ...id(), body: { pinned: true } }),
      r.remove(id()),
      r.list({ query: { workspaceId } }),
      dina.client.api.workspaces.get({ params: { workspaceId } }),
      dina.client.api.shareLinks.list(id()),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(10)]), 'x.wav');
    form.set('workspaceId', workspaceId);
    expectStatus(await dina.client.api.recordings.create({ body: form }), 404);
    expect((await tusCreateInto(app, dina, workspaceId)).status).toBe(404);
  });

  it('ends a removed member’s access at the next request, by session and API key; their own uploads stay theirs', async () => {
    const bensOwn = await completedInWorkspace(app, ben, workspaceId, 'Ben’s call');
    expectStatus(await ann.client.api.recordings.get({ params: { id: bensOwn } }), 200);
    const script = await keyClientOf(app, ben);
    const byKey = () => script.client.api.recordings.get({ ...id(), extraHeaders: script.headers });
    expectStatus(await byKey(), 200);

    expectStatus(
      await ann.client.api.workspaces.removeMember({ params: { workspaceId, userId: ben.userId } }),
      204,
    );

    expectStatus(await ben.client.api.recordings.get(id()), 404);
    expectStatus(await byKey(), 404);
    expectStatus(await ben.client.api.recordings.list({ query: { workspaceId } }), 404);
    // Ben's own recording is still his: he reads and edits it, and it is in his own list.
    expectStatus(await ben.client.api.recordings.get({ params: { id: bensOwn } }), 200);
    expectStatus(
      await ben.client.api.recordings.update({ params: { id: bensOwn }, body: { title: 'Mine still' } }),
      200,
    );
    expect(bodyOf(await ben.client.api.recordings.list({ query: {} }), 200).items.map((r) => r.id)).toEqual([
      bensOwn,
    ]);
    // The workspace's remaining members still see it there.
    const list = bodyOf(await cleo.client.api.recordings.list({ query: { workspaceId } }), 200);
    expect(list.items.map((r) => r.id).sort()).toEqual([recordingId, bensOwn].sort());
  });

  it('takes the workspace from tus metadata too: the recording exists in it from the first request', async () => {
    const created = await tusCreateInto(app, ann, workspaceId);
    expect(created.status).toBe(201);
    const id = created.headers.get('x-recording-id')!;
    const recording = bodyOf(await cleo.client.api.recordings.get({ params: { id } }), 200);
    expect([recording.status, recording.workspaceId]).toEqual(['uploading', workspaceId]);
  });

  it('follows a change of role at the next request, and a deleted workspace leaves each recording to its uploader', async () => {
    const id = await workspaceOf(ann, 'Short-lived');
    await joined(ann, id, cleo, 'viewer');
    const recording = await completedInWorkspace(app, ann, id, 'Kick-off');
    const rename = (title: string) =>
      cleo.client.api.recordings.update({ params: { id: recording }, body: { title } });
    expectStatus(await rename('Cleo’s title'), 403);
    expectStatus(
      await ann.client.api.workspaces.changeRole({
        params: { workspaceId: id, userId: cleo.userId },
        body: { role: 'member' },
      }),
      200,
    );
    expectStatus(await rename('Cleo’s title'), 200);
    expectStatus(await ann.client.api.workspaces.delete({ params: { workspaceId: id } }), 204);
    expectStatus(await cleo.client.api.recordings.get({ params: { id: recording } }), 404);
    expect(bodyOf(await ann.client.api.recordings.get({ params: { id: recording } }), 200).title).toBe(
      'Cleo’s title',
    );
  });
});
