import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording, JFK } from '../recordings/support/completed-recording';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { bodyOf, expectStatus } from '../support/expect-status';

interface Item {
  id: string;
  title: string;
  folderId: string | null;
  tagIds: string[];
}
type Label = { id: string; name: string };

type ListQuery = { folder?: string; tag?: string; q?: string };
const list = async (client: TestClient, query: ListQuery = {}) => {
  const res = await client.api.recordings.list({ query });
  expectStatus(res, 200);
  return res.body as { items: Item[]; total: number };
};
const titles = async (client: TestClient, query: ListQuery) =>
  (await list(client, query)).items.map((i) => i.title).sort();

const rename = async (client: TestClient, id: string, title: string) =>
  expect((await client.api.recordings.update({ params: { id }, body: { title } })).status).toBe(200);

describe('library: folders and tags, moved and tagged in bulk, filtering the list and search', () => {
  let app: TestApp;
  let client: TestClient;
  const ids: Record<string, string> = {};

  const create = async (kind: 'folders' | 'tags', name: string) => {
    const res = await (kind === 'folders'
      ? client.api.library.createFolder({ body: { name } })
      : client.api.library.createTag({ body: { name } }));
    expectStatus(res, 201);
    return res.body as Label;
  };

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    ({ client } = await signedInClient(app, { plan: 'premium' }));
    for (const title of ['Board meeting', 'Client call', 'Podcast intro']) {
      ids[title] = await completedRecording(app, client);
      await rename(client, ids[title]!, title);
    }
  }, 120_000);
  afterAll(() => app?.close());

  it('says the total on every page: counted on a full page or past the end, told by a page that is not full', async () => {
    const page = async (n: number, pageSize: number) => {
      const res = await client.api.recordings.list({ query: { page: n, pageSize } });
      expectStatus(res, 200);
      return { items: res.body.items.length, total: res.body.total };
    };
    expect(await page(1, 20)).toEqual({ items: 3, total: 3 });
    expect(await page(1, 2)).toEqual({ items: 2, total: 3 });
    expect(await page(2, 2)).toEqual({ items: 1, total: 3 });
    expect(await page(3, 2)).toEqual({ items: 0, total: 3 });
    expect(await page(1, 3)).toEqual({ items: 3, total: 3 });
  });

  it('creates, renames and lists folders and tags by name; names are unique whatever the case', async () => {
    const work = await create('folders', 'Work');
    await create('folders', 'Archive');
    expect((await client.api.library.createFolder({ body: { name: 'work' } })).status).toBe(409);
    const renamed = await client.api.library.renameFolder({
      params: { folderId: work.id },
      body: { name: 'Work 2026' },
    });
    expect(renamed.body).toEqual({ id: work.id, name: 'Work 2026' });
    await create('tags', 'urgent');
    const library = (await client.api.library.get()).body as { folders: Label[]; tags: Label[] };
    expect(library.folders.map((f) => f.name)).toEqual(['Archive', 'Work 2026']);
    expect(library.tags.map((t) => t.name)).toEqual(['urgent']);
  });

  it('moves and tags several recordings at once, and the list filters by folder, tag and both', async () => {
    const folder = await create('folders', 'Meetings');
    const followUp = await create('tags', 'follow-up');
    const quote = await create('tags', 'quote');
    const board = ids['Board meeting']!;
    const call = ids['Client call']!;
    const podcast = ids['Podcast intro']!;
    const moved = await client.api.library.move({
      body: {
        recordingIds: [board, call],
        folderId: folder.id,
      },
    });
    expectStatus(moved, 204);
    expect(
      (
        await client.api.library.tag({
          body: { recordingIds: [call, podcast], add: [followUp.id, quote.id] },
        })
      ).status,
    ).toBe(204);
    expect(
      (await client.api.library.tag({ body: { recordingIds: [podcast], remove: [quote.id] } })).status,
    ).toBe(204);

    expect(await titles(client, { folder: folder.id })).toEqual(['Board meeting', 'Client call']);
    expect(await titles(client, { tag: followUp.id })).toEqual(['Client call', 'Podcast intro']);
    expect(await titles(client, { tag: quote.id })).toEqual(['Client call']);
    expect(await titles(client, { folder: folder.id, tag: followUp.id })).toEqual(['Client call']);
    // Search inside a folder: the transcript text matches everywhere, the folder narrows it.
    expect(await titles(client, { folder: folder.id, q: 'country' })).toEqual([
      'Board meeting',
      'Client call',
    ]);
    const item = (await list(client)).items.find((i) => i.id === call)!;
    expect(item.folderId).toBe(folder.id);
    expect(item.tagIds.sort()).toEqual([followUp.id, quote.id].sort());

    // Out of the folder again; deleting a tag takes it off its recordings.
    expect((await client.api.library.move({ body: { recordingIds: [board], folderId: null } })).status).toBe(
      204,
    );
    expect(await titles(client, { folder: folder.id })).toEqual(['Client call']);
    expect((await client.api.library.deleteTag({ params: { tagId: followUp.id } })).status).toBe(204);
    expect(await titles(client, { tag: followUp.id })).toEqual([]);
    expect((await list(client)).items.find((i) => i.id === podcast)!.tagIds).toEqual([]);

    // Deleting the folder keeps its recordings, out of any folder.
    expect((await client.api.library.deleteFolder({ params: { folderId: folder.id } })).status).toBe(204);
    expect((await list(client)).items.find((i) => i.id === call)!.folderId).toBeNull();
    expect((await list(client)).total).toBe(3);
  });

  it('files new uploads in the default folder', async () => {
    const inbox = await create('folders', 'Inbox');
    const set = await client.api.library.setDefaultFolder({ body: { folderId: inbox.id } });
    expectStatus(set, 200);
    expect(set.body.defaultFolderId).toBe(inbox.id);
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    form.set('title', 'Fresh upload');
    const uploaded = await client.api.recordings.create({ body: form });
    expectStatus(uploaded, 201);
    const deadline = Date.now() + 10_000;
    while (!(await titles(client, { folder: inbox.id })).includes('Fresh upload')) {
      if (Date.now() > deadline) throw new Error('the upload never reached the default folder');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      bodyOf(await client.api.library.setDefaultFolder({ body: { folderId: null } }), 200).defaultFolderId,
    ).toBeNull();
  });

  it('refuses unknown labels and another user’s recordings or labels', async () => {
    const other = await signedInClient(app, { plan: 'premium' });
    const mine = await create('folders', 'Private');
    const board = ids['Board meeting']!;
    expect(
      (await client.api.library.move({ body: { recordingIds: [board], folderId: 'nope' } })).status,
    ).toBe(404);
    expect((await client.api.library.tag({ body: { recordingIds: [board], add: ['nope'] } })).status).toBe(
      404,
    );
    const theirFolder = (await other.client.api.library.createFolder({ body: { name: 'Theirs' } }))
      .body as Label;
    // Their recording into my folder, my recording into their folder: both 404.
    expect(
      (await other.client.api.library.move({ body: { recordingIds: [board], folderId: theirFolder.id } }))
        .status,
    ).toBe(404);
    expect(
      (await client.api.library.move({ body: { recordingIds: [board], folderId: theirFolder.id } })).status,
    ).toBe(404);
    expect(
      (await other.client.api.library.renameFolder({ params: { folderId: mine.id }, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await other.client.api.library.deleteFolder({ params: { folderId: mine.id } })).status).toBe(404);
    expect((await list(other.client, { folder: mine.id })).items).toEqual([]);
  });
});
