import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';

/** A tus request as tus-js-client sends it: session cookie, CSRF header, protocol version. */
const tus = (
  client: TestClient,
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: Uint8Array,
) =>
  fetch(url, {
    method,
    headers: {
      cookie: client.cookieHeader,
      'X-CSRF-Token': /scrivo_csrf=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '',
      'Tus-Resumable': '1.0.0',
      ...headers,
    },
    body,
  });

const libraryIds = async (client: TestClient): Promise<string[]> => {
  const { body } = await client.api.recordings.list();
  return (body as { items: { id: string }[] }).items.map((r) => r.id);
};

describe('tus upload URLs: ownership and cancelling', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  }, 120_000);
  afterAll(() => app?.close());

  /** A started upload: 1 MiB of a 3 MiB file received. */
  const startUpload = async (client: TestClient) => {
    await client.api.health.health();
    const filename = Buffer.from('half-sent.wav').toString('base64');
    const created = await tus(client, `${app.url}/api/uploads`, 'POST', {
      'Upload-Length': String(3 * 1024 * 1024),
      'Upload-Metadata': `filename ${filename}`,
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, app.url).toString();
    const recordingId = created.headers.get('x-recording-id')!;
    const patched = await tus(
      client,
      url,
      'PATCH',
      { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      new Uint8Array(1024 * 1024),
    );
    expect(patched.status).toBe(204);
    return { url, recordingId };
  };

  it('takes a metadata key sent without a value (as tus-js-client sends an empty field) as not sent', async () => {
    const { client } = await signedInClient(app);
    await client.api.health.health();
    const filename = Buffer.from('no-terms.wav').toString('base64');
    const created = await tus(client, `${app.url}/api/uploads`, 'POST', {
      'Upload-Length': String(1024),
      'Upload-Metadata': `filename ${filename},terms,context,speakers ${Buffer.from('auto').toString('base64')}`,
    });
    expect(created.status, await created.text()).toBe(201);
  });

  it("answers 404 to someone else's HEAD, PATCH and DELETE, and their upload is untouched", async () => {
    const owner = await signedInClient(app);
    const stranger = await signedInClient(app);
    await stranger.client.api.health.health();
    const { url, recordingId } = await startUpload(owner.client);

    expect((await tus(stranger.client, url, 'HEAD')).status).toBe(404);
    const patch = await tus(
      stranger.client,
      url,
      'PATCH',
      { 'Upload-Offset': String(1024 * 1024), 'Content-Type': 'application/offset+octet-stream' },
      new Uint8Array(1024),
    );
    expect(patch.status).toBe(404);
    expect(await patch.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Upload not found.' });
    expect((await tus(stranger.client, url, 'DELETE')).status).toBe(404);

    const head = await tus(owner.client, url, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(1024 * 1024));
    expect((await owner.client.api.recordings.get({ params: { id: recordingId } })).body).toMatchObject({
      status: 'uploading',
    });
  });

  it('cancelling an upload (tus DELETE) removes its half-made recording from the library', async () => {
    const { client } = await signedInClient(app);
    const { url, recordingId } = await startUpload(client);
    expect(await libraryIds(client)).toContain(recordingId);

    expect((await tus(client, url, 'DELETE')).status).toBe(204);

    expect((await client.api.recordings.get({ params: { id: recordingId } })).status).toBe(404);
    expect(await libraryIds(client)).not.toContain(recordingId);
    expect([404, 410]).toContain((await tus(client, url, 'HEAD')).status);
  });
});
