import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording, JFK } from '../recordings/support/completed-recording';
import { type TestClient, unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

/** The names and texts inside a zip, read with Python's zipfile (a reader other than the writer). */
const unzip = (dir: string, bytes: ArrayBuffer): Record<string, string> => {
  const file = join(dir, `export-${Date.now()}.zip`);
  writeFileSync(file, Buffer.from(bytes));
  const json = execFileSync('python3', [
    '-c',
    'import sys, zipfile, json; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({n: z.read(n).decode("latin-1") for n in z.namelist()}))',
    file,
  ]).toString();
  return JSON.parse(json) as Record<string, string>;
};

describe('bulk export (a zip) and bulk delete of chosen recordings', () => {
  let app: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  let dir: string;
  const ids: string[] = [];

  const zipOf = (client: TestClient, query: string) =>
    fetch(`${app.url}/api/library/export?${query}`, { headers: { cookie: client.cookieHeader } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-bulk-'));
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    ({ client: owner } = await signedInClient(app, { plan: 'premium' }));
    ({ client: stranger } = await signedInClient(app, { plan: 'premium' }));
    for (const title of ['Board meeting', 'Client call', 'Client call'])
      ids.push(await completedRecording(app, owner, undefined, title));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams a zip with one file per recording in the chosen format, same titles kept apart', async () => {
    const res = await zipOf(owner, `ids=${ids.join(',')}&format=txt&timestamps=false`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('.zip');
    const files = unzip(dir, await res.arrayBuffer());
    expect(Object.keys(files).sort()).toEqual([
      'Board meeting.txt',
      'Client call (2).txt',
      'Client call.txt',
    ]);
    expect(files['Board meeting.txt']).toContain('what your country can do for you');

    const pdfs = unzip(dir, await (await zipOf(owner, `ids=${ids[0]}&format=pdf`)).arrayBuffer());
    expect(pdfs['Board meeting.pdf']?.startsWith('%PDF-')).toBe(true);
  });

  it.each([
    ['no ids', 'format=pdf'],
    ['an empty id list', 'ids=,&format=pdf'],
    ['an unknown format', 'ids=x&format=exe'],
    ['more than 50 recordings', `ids=${Array.from({ length: 51 }, (_, i) => `r${i}`).join(',')}&format=txt`],
    ['an id with a slash', 'ids=../etc&format=txt'],
  ])('refuses %s with 400 and says what is expected', async (_what, query) => {
    const res = await zipOf(owner, query);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/ids/),
    });
  });

  it("answers 404 when any id is not the caller's, revealing nothing of it, and 409 for one not transcribed", async () => {
    const res = await zipOf(stranger, `ids=${ids[0]}&format=txt`);
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain('Board meeting');
    expect((await zipOf(owner, `ids=${ids[0]},no-such-recording&format=txt`)).status).toBe(404);

    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    form.set('title', 'Still queued');
    const queued = await owner.api.recordings.create({ body: form });
    expectStatus(queued, 201);
    const refused = await zipOf(owner, `ids=${ids[0]},${queued.body.id as string}&format=txt`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'TRANSCRIPT_NOT_READY',
      message: expect.stringContaining('“Still queued” has no transcript yet'),
    });
    expect((await owner.api.recordings.remove({ params: { id: queued.body.id as string } })).status).toBe(
      200,
    );
  });

  it('deletes each recording as a single delete would, and lists the ones it could not delete', async () => {
    const strangers = await completedRecording(app, stranger, undefined, 'Not yours');
    const res = await owner.api.library.remove({ body: { recordingIds: [ids[1], strangers, ids[2]] } });
    expectStatus(res, 200);
    expect((res.body.deleted as { id: string }[]).map((d) => d.id)).toEqual([ids[1], ids[2]]);
    expect(res.body.failed).toEqual([{ id: strangers, code: 'NOT_FOUND', message: expect.any(String) }]);
    expect(JSON.stringify(res.body.failed)).not.toContain('Not yours');
    // Only someone else's: the answer a single delete of it gets.
    expect((await owner.api.library.remove({ body: { recordingIds: [strangers] } })).status).toBe(404);
    expect((await stranger.api.recordings.get({ params: { id: strangers } })).status).toBe(200);
    const left = (await owner.api.recordings.list()).body as { items: { id: string }[] };
    expect(left.items.map((i) => i.id)).toEqual([ids[0]]);
    // Restorable one by one, like a single delete.
    expect((await owner.api.recordings.restore({ params: { id: ids[1] } })).status).toBe(200);

    expect((await owner.api.library.remove({ body: { recordingIds: [] } })).status).toBe(400);
    expect((await owner.api.library.remove({ body: unchecked({}) })).status).toBe(400);
  });
});
