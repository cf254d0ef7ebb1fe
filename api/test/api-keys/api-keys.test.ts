import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyStream } from '@scrivo/domain/api-keys';
import { buildOpenApiDocument } from '../../../contracts/scripts/openapi-document';
import { adminClient } from '../chat/admin-session';
import { completedRecording, JFK } from '../recordings/support/completed-recording';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { withKey } from './support';
import { bodyOf, expectStatus } from '../support/expect-status';

type Party = Awaited<ReturnType<typeof signedInClient>>;
const RATE_LIMIT = 25;

describe('API keys: scripts act as their owner on the recordings API, within the key’s scope and rate', () => {
  let app: TestApp;
  let owner: Party;
  let other: Party;
  let recordingId: string;
  let writeKey: string;
  let readKey: string;

  const createKey = async (name: string, scopes: ('read' | 'write')[], party = owner) => {
    const res = await party.client.api.apiKeys.create({ body: { name, scopes } });
    expectStatus(res, 201);
    return res.body as { secret: string; key: { id: string } & Record<string, unknown> };
  };
  const call = (
    secret: string,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => withKey(app.url, secret, method, path, body, headers);
  const jfkForm = (title: string) => {
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    form.set('title', title);
    return form;
  };
  const titleOf = async (id: string) =>
    bodyOf(await owner.client.api.recordings.get({ params: { id } }), 200).title;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    });
    owner = await signedInClient(app, { plan: 'premium' });
    other = await signedInClient(app, { plan: 'premium' });
    recordingId = await completedRecording(app, owner.client);
    writeKey = (await createKey('Nightly sync', ['read', 'write'])).secret;
    readKey = (await createKey('Dashboard', ['read'])).secret;
  }, 120_000);
  afterAll(() => app?.close());

  it('shows the secret once and keeps only its hash', async () => {
    const created = await createKey('CI', ['write']);
    expect(created.secret).toMatch(/^sk_scrivo_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: 'CI',
      scopes: ['read', 'write'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.secret.startsWith(created.key.prefix as string)).toBe(true);
    const listed = await owner.client.api.apiKeys.list();
    expect(listed.text).not.toContain(created.secret);
    expect(listed.text).not.toContain('keyHash');
    const doc = await app.scrivo.adapters.readModels.collection('api_keys').get(created.key.id);
    expect(JSON.stringify(doc)).not.toContain(created.secret);
    const events = await app.scrivo.adapters.events.readStream(apiKeyStream(created.key.id));
    expect(JSON.stringify(events)).not.toContain(created.secret);
  });

  it('acts as the owner on every kind of recordings route, without cookies or CSRF token', async () => {
    const list = await call(writeKey, 'GET', '/api/recordings');
    expectStatus(list, 200);
    expect((list.body.items as { id: string }[]).map((r) => r.id)).toContain(recordingId);
    expect((await call(writeKey, 'GET', `/api/recordings/${recordingId}/transcript`)).status).toBe(200);
    const srt = await call(writeKey, 'GET', `/api/recordings/${recordingId}/export?format=srt`);
    expect(srt.status).toBe(200);
    expect(srt.text).toContain('fellow Americans');
    expect((await call(writeKey, 'GET', '/api/usage')).status).toBe(200);

    const uploaded = await call(writeKey, 'POST', '/api/recordings', jfkForm('From a script'));
    expectStatus(uploaded, 201);
    expect(uploaded.body.status).toBe('queued');
    const renamed = await call(writeKey, 'PATCH', `/api/recordings/${recordingId}`, {
      title: 'Renamed by key',
    });
    expectStatus(renamed, 200);
    expect(await titleOf(recordingId)).toBe('Renamed by key');
    // The upload is the owner's, in their library.
    const mine = await owner.client.api.recordings.get({ params: { id: uploaded.body.id as string } });
    expectStatus(mine, 200);
    // tus, too.
    const tus = await call(writeKey, 'POST', '/api/uploads', undefined, {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '1024',
      'Upload-Metadata': `filename ${Buffer.from('x.wav').toString('base64')}`,
    });
    expectStatus(tus, 201);
  });

  it('manages share links too: a write key makes one, a read key lists them', async () => {
    const created = await call(writeKey, 'POST', `/api/recordings/${recordingId}/share-links`, {});
    expectStatus(created, 201);
    const listed = await call(readKey, 'GET', `/api/recordings/${recordingId}/share-links`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain((created.body.link as { id: string }).id);
    expect((await call(readKey, 'POST', `/api/recordings/${recordingId}/share-links`, {})).status).toBe(403);
  });

  it('lets a read key read and nothing else', async () => {
    expect((await call(readKey, 'GET', `/api/recordings/${recordingId}`)).status).toBe(200);
    const before = await titleOf(recordingId);
    for (const [method, path, body] of [
      ['POST', '/api/recordings', jfkForm('Not allowed')],
      ['PATCH', `/api/recordings/${recordingId}`, { title: 'Read key wrote this' }],
      ['DELETE', `/api/recordings/${recordingId}`, undefined],
      ['POST', `/api/recordings/${recordingId}/retry`, undefined],
    ] as const) {
      const res = await call(readKey, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('API_KEY_SCOPE');
    }
    expect(await titleOf(recordingId)).toBe(before);
    // Not deleted either: still there for its owner.
    expect((await owner.client.api.recordings.get({ params: { id: recordingId } })).status).toBe(200);
  });

  it('reaches nobody else’s recordings', async () => {
    const theirs = await completedRecording(app, other.client);
    for (const path of [
      `/api/recordings/${theirs}`,
      `/api/recordings/${theirs}/media`,
      `/api/recordings/${theirs}/export?format=srt`,
    ])
      expect((await call(writeKey, 'GET', path)).status, path).toBe(404);
    expect((await call(writeKey, 'PATCH', `/api/recordings/${theirs}`, { title: 'Mine now' })).status).toBe(
      404,
    );
  });

  it('does not let a cookie ride along past CSRF: a key plus a cookie still needs the CSRF token', async () => {
    const before = await titleOf(recordingId);
    const cookie = owner.client.cookieHeader;
    const forged = await call(
      writeKey,
      'PATCH',
      `/api/recordings/${recordingId}`,
      { title: 'Forged' },
      { cookie },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CSRF_FAILED');
    const foreign = await call(
      writeKey,
      'PATCH',
      `/api/recordings/${recordingId}`,
      { title: 'Forged' },
      {
        cookie,
        origin: 'https://evil.test',
      },
    );
    expect(foreign.status).toBe(403);
    expect(await titleOf(recordingId)).toBe(before);
    // With the token, as the app itself would send it, the request goes through.
    const proper = await call(
      writeKey,
      'PATCH',
      `/api/recordings/${recordingId}`,
      { title: 'With token' },
      {
        cookie,
        'x-csrf-token': owner.client.cookie('scrivo_csrf')!,
      },
    );
    expectStatus(proper, 200);
    // A script whose cookie jar kept only the readable CSRF cookie is still a cookie-less script.
    const jar = await call(
      writeKey,
      'PATCH',
      `/api/recordings/${recordingId}`,
      { title: 'Script with a jar' },
      {
        cookie: 'scrivo_csrf=abcdefghijklmnopqrstuvwxyz0123456789ABCD',
      },
    );
    expectStatus(jar, 200);
  });

  it('cannot manage keys (only the signed-in session can)', async () => {
    expect((await call(writeKey, 'GET', '/api/account/api-keys')).status).toBe(401);
    expect(
      (await call(writeKey, 'POST', '/api/account/api-keys', { name: 'Escalate', scopes: ['write'] })).status,
    ).toBe(401);
    expect((await call(writeKey, 'GET', '/api/user')).status).toBe(401);
  });

  it('refuses unknown, malformed and revoked keys with 401, never falling back to the cookie', async () => {
    const cookie = owner.client.cookieHeader;
    for (const secret of ['sk_scrivo_unknown', 'sk_scrivo_'])
      expect((await call(secret, 'GET', '/api/recordings', undefined, { cookie })).status).toBe(401);
    const doomed = await createKey('Short-lived', ['read']);
    expect((await call(doomed.secret, 'GET', '/api/recordings')).status).toBe(200);
    const revoked = await owner.client.api.apiKeys.revoke({ params: { keyId: doomed.key.id } });
    expectStatus(revoked, 200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const refused = await call(doomed.secret, 'GET', '/api/recordings');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_INVALID');
  });

  it('leaves other Authorization headers alone (basic auth of a proxy in front, its own bearer tokens)', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      const res = await fetch(`${app.url}/api/recordings`, {
        headers: { authorization, cookie: owner.client.cookieHeader },
      });
      expect(res.status, authorization).toBe(200);
      // Without a session they are simply signed out, and they never skip CSRF.
      expect((await fetch(`${app.url}/api/recordings`, { headers: { authorization } })).status).toBe(401);
      const post = await fetch(`${app.url}/api/recordings/${recordingId}`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'No' }),
      });
      expect(post.status).toBe(403);
    }
  });

  it('stops the keys of an owner an operator suspended, like their sessions', async () => {
    const suspendable = await signedInClient(app, { plan: 'premium' });
    const { secret } = await createKey('Soon suspended', ['read'], suspendable);
    expect((await call(secret, 'GET', '/api/recordings')).status).toBe(200);
    const { client: admin } = await adminClient(app);
    const suspended = await admin.api.adminUsers.suspend({
      params: { userId: suspendable.userId },
      body: { reason: 'Abuse' },
    });
    expectStatus(suspended, 200);
    expect((await call(secret, 'GET', '/api/recordings')).status).toBe(401);
  });

  it('lets nobody else revoke a key', async () => {
    const { key } = await createKey('Mine', ['read']);
    expect((await other.client.api.apiKeys.revoke({ params: { keyId: key.id } })).status).toBe(404);
    const mine = bodyOf(await owner.client.api.apiKeys.list(), 200).items as {
      id: string;
      revokedAt: null;
    }[];
    expect(mine.find((k) => k.id === key.id)!.revokedAt).toBeNull();
    expect((bodyOf(await other.client.api.apiKeys.list(), 200).items as unknown[]).length).toBe(0);
  });

  it('tells the owner when a key was last used', async () => {
    const { secret, key } = await createKey('Cron', ['read']);
    await call(secret, 'GET', '/api/usage');
    const listed = bodyOf(await owner.client.api.apiKeys.list(), 200).items as {
      id: string;
      lastUsedAt: string;
    }[];
    expect(Date.parse(listed.find((k) => k.id === key.id)!.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('has its own rate limit per key (429 with Retry-After), leaving other keys alone', async () => {
    const { secret } = await createKey('Busy', ['read']);
    const statuses: number[] = [];
    let last = await call(secret, 'GET', '/api/usage');
    statuses.push(last.status);
    for (let i = 1; i <= RATE_LIMIT; i += 1) {
      last = await call(secret, 'GET', '/api/usage');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(readKey, 'GET', '/api/usage')).status).toBe(200);
    // The owner's own session is not slowed by their script.
    expect((await owner.client.api.recordings.usage()).status).toBe(200);
  });

  it('is described in the OpenAPI document: a bearer scheme on every recordings route', () => {
    const document = buildOpenApiDocument();
    expect(document.components?.securitySchemes?.bearerApiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, method] of [
      ['/api/recordings', 'post'],
      ['/api/recordings/{id}/export', 'get'],
      ['/api/usage', 'get'],
      ['/api/recordings/{id}/share-links', 'post'],
    ] as const)
      expect(document.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([
        { sessionCookie: [] },
        { bearerApiKey: [] },
      ]);
    expect(document.paths['/api/account/api-keys']?.post?.security).toBeUndefined();
    expect(document.paths['/api/shared/{token}']?.get?.security).toBeUndefined();
  });
});
