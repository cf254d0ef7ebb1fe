import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { completedRecording } from '../recordings/support/completed-recording';
import { completedInWorkspace, joined, keyClientOf, type Person, workspaceOf } from './support';

describe('a workspace’s folders and tags: every member sees them, members and up change them, its list filters by them', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let dina: Person;
  let workspaceId: string;
  let annsMeeting: string;
  let bensOwn: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, ben, cleo, dina] = await Promise.all([0, 1, 2, 3].map(() => signedInClient(app)));
    workspaceId = await workspaceOf(ann, 'Payments team');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
    annsMeeting = await completedInWorkspace(app, ann, workspaceId, 'Pricing sync');
    bensOwn = await completedRecording(app, ben.client, undefined, 'Ben’s own notes');
  }, 120_000);
  afterAll(() => app?.close());

  const params = () => ({ workspaceId });
  const listed = async (who: Person, query: { folder?: string; tag?: string } = {}) =>
    bodyOf(await who.client.api.recordings.list({ query: { workspaceId, ...query } }), 200).items;

  it('lets a member who uploaded nothing make folders and tags that a viewer reads; a viewer is refused (403), an outsider told nothing (404)', async () => {
    const folder = await ben.client.api.workspaces.createFolder({
      params: params(),
      body: { name: 'Contracts' },
    });
    expectStatus(folder, 201);
    const tag = await ben.client.api.workspaces.createTag({ params: params(), body: { name: 'Urgent' } });
    expectStatus(tag, 201);
    const seen = bodyOf(await cleo.client.api.workspaces.library({ params: params() }), 200);
    expect(seen).toEqual({
      folders: [{ id: folder.body.id, name: 'Contracts' }],
      tags: [{ id: tag.body.id, name: 'Urgent' }],
      defaultFolderId: null,
    });
    const refused = await cleo.client.api.workspaces.createFolder({
      params: params(),
      body: { name: 'Mine' },
    });
    expectStatus(refused, 403);
    expect(refused.body.message).toMatch(/Viewers/);
    expectStatus(
      await cleo.client.api.workspaces.renameTag({
        params: { workspaceId, tagId: tag.body.id },
        body: { name: 'Later' },
      }),
      403,
    );
    expectStatus(await dina.client.api.workspaces.library({ params: params() }), 404);
    expectStatus(
      await dina.client.api.workspaces.deleteFolder({ params: { workspaceId, folderId: folder.body.id } }),
      404,
    );
    // The workspace's labels are not anyone's own: the people's libraries stay as they were.
    for (const who of [ann, ben])
      expect(bodyOf(await who.client.api.library.get(), 200)).toEqual({
        folders: [],
        tags: [],
        defaultFolderId: null,
      });
    // The same names again are taken, whatever the case (409), as in a person's library.
    expectStatus(
      await ann.client.api.workspaces.createFolder({ params: params(), body: { name: 'contracts' } }),
      409,
    );
  });

  it('files and tags the workspace’s recordings for everyone, and its list filters by them; one’s own list keeps one’s own labels', async () => {
    const { folders, tags } = bodyOf(await ben.client.api.workspaces.library({ params: params() }), 200);
    const folderId = folders[0]!.id;
    const tagId = tags[0]!.id;
    expectStatus(
      await ben.client.api.workspaces.fileRecordings({
        params: params(),
        body: { recordingIds: [annsMeeting], folderId },
      }),
      204,
    );
    expectStatus(
      await ben.client.api.workspaces.tagRecordings({
        params: params(),
        body: { recordingIds: [annsMeeting], add: [tagId], remove: [] },
      }),
      204,
    );
    await waitUntil('the viewer finds it in the folder', async () =>
      (await listed(cleo, { folder: folderId })).some((r) => r.id === annsMeeting),
    );
    const [inFolder] = await listed(cleo, { folder: folderId });
    expect(inFolder).toMatchObject({ id: annsMeeting, folderId, tagIds: [tagId] });
    expect((await listed(ann, { tag: tagId })).map((r) => r.id)).toEqual([annsMeeting]);
    // Ann's own list (no workspace) shows her own labels, none yet; filed in her own folder too, the recording is
    // in both, each list showing its own.
    const own = async () =>
      bodyOf(await ann.client.api.recordings.list({ query: {} }), 200).items.find(
        (r) => r.id === annsMeeting,
      );
    expect(await own()).toMatchObject({ folderId: null, tagIds: [] });
    const mine = bodyOf(await ann.client.api.library.createFolder({ body: { name: 'Mine' } }), 201);
    expectStatus(
      await ann.client.api.library.move({ body: { recordingIds: [annsMeeting], folderId: mine.id } }),
      204,
    );
    await waitUntil('Ann’s own list shows her folder', async () => (await own())?.folderId === mine.id);
    expect((await listed(cleo, { folder: folderId })).map((r) => r.id)).toEqual([annsMeeting]);
    expect((await listed(cleo)).find((r) => r.id === annsMeeting)).toMatchObject({
      folderId,
      tagIds: [tagId],
    });
    // An API key does what its person may.
    const key = await keyClientOf(app, ben);
    const byKey = await key.client.api.workspaces.library({ params: params(), extraHeaders: key.headers });
    expectStatus(byKey, 200);
  });

  it('files only the workspace’s recordings (another id is a 404), and not for a viewer (403)', async () => {
    const { folders, tags } = bodyOf(await ben.client.api.workspaces.library({ params: params() }), 200);
    const folderId = folders[0]!.id;
    const notHere = await ben.client.api.workspaces.fileRecordings({
      params: params(),
      body: { recordingIds: [bensOwn], folderId },
    });
    expectStatus(notHere, 404);
    const viewer = await cleo.client.api.workspaces.tagRecordings({
      params: params(),
      body: { recordingIds: [annsMeeting], add: [], remove: [tags[0]!.id] },
    });
    expectStatus(viewer, 403);
    // An outsider's try with the real recording id is told nothing either.
    expectStatus(
      await dina.client.api.workspaces.fileRecordings({
        params: params(),
        body: { recordingIds: [annsMeeting], folderId: null },
      }),
      404,
    );
    expect((await listed(ann, { folder: folderId })).map((r) => r.id)).toEqual([annsMeeting]);
  });

  it('keeps the recording when its folder is deleted, and forgets the tag with the tag', async () => {
    const { folders, tags } = bodyOf(await ann.client.api.workspaces.library({ params: params() }), 200);
    const renamed = await ben.client.api.workspaces.renameFolder({
      params: { workspaceId, folderId: folders[0]!.id },
      body: { name: 'Signed contracts' },
    });
    expect(bodyOf(renamed, 200)).toEqual({ id: folders[0]!.id, name: 'Signed contracts' });
    expectStatus(
      await ben.client.api.workspaces.deleteFolder({ params: { workspaceId, folderId: folders[0]!.id } }),
      204,
    );
    expectStatus(
      await ben.client.api.workspaces.deleteTag({ params: { workspaceId, tagId: tags[0]!.id } }),
      204,
    );
    await waitUntil('the recording is in no folder and has no tag', async () => {
      const item = (await listed(cleo)).find((r) => r.id === annsMeeting);
      return item?.folderId === null && item.tagIds.length === 0;
    });
    expect(await listed(cleo, { folder: folders[0]!.id })).toEqual([]);
  });
});
