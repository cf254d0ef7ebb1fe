import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedRecording } from '@scrivo/contracts';
import { shareLinkStream } from '@scrivo/domain/share-links';
import { completedRecording, JFK, JFK_WITH_TIMELINE } from '../recordings/support/completed-recording';
import { adminClient } from '../chat/admin-session';
import { TestClient } from '../support/http-client';
import { waitUntil } from '../support/wait-until';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { bodyOf, expectStatus } from '../support/expect-status';

type Owner = Awaited<ReturnType<typeof signedInClient>>;

describe('share links: a read-only transcript for anyone with the link, for as long as its owner wants', () => {
  let app: TestApp;
  let owner: Owner;
  let other: Owner;
  let recordingId: string;
  /** A fresh anonymous browser (its own cookie jar). */
  const visitor = () => new TestClient(app.url);

  const create = async (body: Record<string, unknown> = {}, client = owner.client, id = recordingId) => {
    const res = await client.api.shareLinks.create({ params: { id }, body });
    expectStatus(res, 201);
    return res.body as { token: string; url: string; link: { id: string } & Record<string, unknown> };
  };
  const links = async () => {
    const res = await owner.client.api.shareLinks.list({ params: { id: recordingId } });
    expectStatus(res, 200);
    return (res.body as { items: ({ id: string } & Record<string, unknown>)[] }).items;
  };

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    owner = await signedInClient(app, { plan: 'premium' });
    other = await signedInClient(app, { plan: 'premium' });
    recordingId = await completedRecording(app, owner.client);
    // The owner names a speaker: visitors see the owner's names, not the raw labels.
    const named = await owner.client.api.recordings.editTranscript({
      params: { id: recordingId },
      body: {
        version: 1,
        speakers: { SPEAKER_00: 'President Kennedy' },
      },
    });
    expectStatus(named, 200);
  }, 120_000);
  afterAll(() => app?.close());

  it('gives the owner a link with a random 256-bit token, shown once and stored only as a hash', async () => {
    const created = await create({ includeMedia: true });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`${app.url}/s/${created.token}`);
    expect(created.link).toMatchObject({
      includeMedia: true,
      allowDownload: false,
      hasPassword: false,
      expiresAt: null,
      status: 'active',
      views: 0,
    });
    const listed = (await links()).find((l) => l.id === created.link.id)!;
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed).not.toHaveProperty('tokenHash');
    // Neither the read model nor the event store holds a working token.
    const doc = await app.scrivo.adapters.readModels.collection('share_links').get(created.link.id);
    expect(JSON.stringify(doc)).not.toContain(created.token);
    const events = await app.scrivo.adapters.events.readStream(shareLinkStream(created.link.id));
    expect(JSON.stringify(events)).not.toContain(created.token);
  });

  it('shows an anonymous visitor the transcript with the owner’s speaker names, marked noindex', async () => {
    const { token } = await create({ includeMedia: true });
    const res = await visitor().api.shareLinks.get({ params: { token } });
    expectStatus(res, 200);
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.title).toBe('JFK inaugural');
    const transcript = res.body.transcript as { segments: { speaker: string; text: string }[] };
    expect(transcript.segments.map((s) => s.speaker)).toEqual([
      'President Kennedy',
      'SPEAKER_01',
      'President Kennedy',
    ]);
    expect(res.body.media).toMatchObject({ kind: 'audio', downloadAllowed: false });
  });

  it('shows the visitor who speaks when under the owner’s names, where the transcript has a timeline', async () => {
    const id = await completedRecording(app, owner.client, JFK_WITH_TIMELINE, 'Two at once');
    const named = await owner.client.api.recordings.editTranscript({
      params: { id },
      body: {
        version: 1,
        speakers: { SPEAKER_00: 'President Kennedy' },
      },
    });
    expectStatus(named, 200);
    const { token } = await create({ includeMedia: true }, owner.client, id);
    const res = await visitor().api.shareLinks.get({ params: { token } });
    expectStatus(res, 200);
    expect(SharedRecording.parse(res.body).transcript.speakerTimeline).toEqual([
      { speaker: 'President Kennedy', start: 0, end: 4.6 },
      { speaker: 'SPEAKER_01', start: 4.3, end: 7.9 },
      { speaker: 'President Kennedy', start: 7.9, end: 11 },
    ]);
  });

  it('sends no timeline for a transcript that has none', async () => {
    const { token } = await create();
    const res = await visitor().api.shareLinks.get({ params: { token } });
    expectStatus(res, 200);
    expect(res.body.transcript).not.toHaveProperty('speakerTimeline');
  });

  it('leaks nothing else of the owner: no email, no user id, no recording id, no link id', async () => {
    const { token, link } = await create({ includeMedia: true, allowDownload: true });
    const anonymous = visitor();
    for (const path of [`/api/shared/${token}`, `/api/shared/${token}/media?download=true`]) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(200);
      const seen = path.endsWith('media?download=true')
        ? JSON.stringify([...res.headers])
        : res.text + JSON.stringify([...res.headers]);
      for (const secret of [owner.email, owner.userId, recordingId, link.id])
        expect(seen).not.toContain(secret);
    }
  });

  it('counts each view, and tells the owner', async () => {
    const { token, link } = await create();
    for (let i = 0; i < 3; i += 1)
      expect((await visitor().api.shareLinks.get({ params: { token } })).status).toBe(200);
    // A view is counted beside the page, not before it: the owner's list shows it a moment later.
    await waitUntil('the owner sees three views', async () => {
      const listed = (await links()).find((l) => l.id === link.id)!;
      return listed.views === 3 && listed.lastViewedAt !== null;
    });
  });

  it('serves many visitors of one link at the same moment, and counts every one of them', async () => {
    const { token, link } = await create();
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async () => (await visitor().api.shareLinks.get({ params: { token } })).status,
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 200));
    await waitUntil('the owner sees forty views', async () => {
      return (await links()).find((l) => l.id === link.id)!.views === 40;
    });
  });

  it('streams the media through the link with Range, and a download only when allowed', async () => {
    const playOnly = await create({ includeMedia: true });
    const anonymous = visitor();
    const part = await fetch(`${app.url}/api/shared/${playOnly.token}/media`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${JFK.length}`);
    expect(part.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(JFK.subarray(0, 100));
    const refused = await anonymous.api.shareLinks.media({
      params: { token: playOnly.token },
      query: { download: 'true' },
    });
    expectStatus(refused, 403);
    expect(refused.body.code).toBe('SHARE_DOWNLOAD_NOT_ALLOWED');

    const downloadable = await create({ includeMedia: true, allowDownload: true });
    const file = await fetch(`${app.url}/api/shared/${downloadable.token}/media?download=true`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="recording.wav"');
    expect(Buffer.from(await file.arrayBuffer()).equals(JFK)).toBe(true);
  });

  it('keeps the media out of a link shared without it', async () => {
    const { token } = await create({ includeMedia: false });
    const anonymous = visitor();
    expect(bodyOf(await anonymous.api.shareLinks.get({ params: { token } }), 200).media).toBeNull();
    const media = await anonymous.api.shareLinks.media({ params: { token } });
    expectStatus(media, 403);
    expect(media.body.code).toBe('SHARE_MEDIA_NOT_SHARED');
  });

  it('refuses a download without the media when the link is created', async () => {
    const res = await owner.client.api.shareLinks.create({
      params: { id: recordingId },
      body: {
        includeMedia: false,
        allowDownload: true,
      },
    });
    expectStatus(res, 400);
  });

  it('stops a revoked link at once, for the page and the media', async () => {
    const { token, link } = await create({ includeMedia: true });
    const anonymous = visitor();
    expect((await anonymous.api.shareLinks.get({ params: { token } })).status).toBe(200);
    const revoked = await owner.client.api.shareLinks.revoke({
      params: { id: recordingId, linkId: link.id },
    });
    expectStatus(revoked, 200);
    expect(revoked.body.status).toBe('revoked');
    const gone = await anonymous.api.shareLinks.get({ params: { token } });
    expectStatus(gone, 410);
    expect(gone.body.code).toBe('SHARE_LINK_GONE');
    expect(gone.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect((await anonymous.api.shareLinks.media({ params: { token } })).status).toBe(410);
  });

  it('stops an expired link the moment it expires', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const { token, link } = await create({ expiresAt });
    const anonymous = visitor();
    expect((await anonymous.api.shareLinks.get({ params: { token } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 50));
    expect((await anonymous.api.shareLinks.get({ params: { token } })).status).toBe(410);
    expect((await links()).find((l) => l.id === link.id)!.status).toBe('expired');
  });

  it('refuses an expiry in the past', async () => {
    const res = await owner.client.api.shareLinks.create({
      params: { id: recordingId },
      body: {
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      },
    });
    expectStatus(res, 400);
  });

  it('answers 404 to a token that does not exist, however it is shaped', async () => {
    for (const token of ['A'.repeat(43), 'short', recordingId]) {
      const res = await visitor().api.shareLinks.get({ params: { token } });
      expectStatus(res, 404, token);
      expect(res.body.code).toBe('SHARE_LINK_NOT_FOUND');
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    }
  });

  it('asks for the password, then unlocks the link with a short-lived cookie scoped to it', async () => {
    const { token, link } = await create({ includeMedia: true, password: 'open sesame' });
    expect(link.hasPassword).toBe(true);
    const anonymous = visitor();
    const locked = await anonymous.api.shareLinks.get({ params: { token } });
    expectStatus(locked, 401);
    expect(locked.body.code).toBe('SHARE_PASSWORD_REQUIRED');
    expect(locked.body).not.toHaveProperty('title');
    expect((await anonymous.api.shareLinks.media({ params: { token } })).status).toBe(401);

    const wrong = await anonymous.api.shareLinks.unlock({ params: { token }, body: { password: 'guess' } });
    expectStatus(wrong, 401);
    expect(wrong.body.code).toBe('SHARE_PASSWORD_WRONG');

    const right = await anonymous.api.shareLinks.unlock({
      params: { token },
      body: { password: 'open sesame' },
    });
    expectStatus(right, 204);
    const cookie = right.headers.getSetCookie().find((c) => c.startsWith('scrivo_share_unlock='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toContain(`Path=/api/shared/${token}`);
    expect(cookie).toMatch(/Max-Age=3600/);
    expect((await anonymous.api.shareLinks.get({ params: { token } })).status).toBe(200);
    expect((await anonymous.api.shareLinks.media({ params: { token } })).status).toBe(200);

    // The cookie of one link opens no other link, even with the same password.
    const second = await create({ password: 'open sesame' });
    expect((await anonymous.api.shareLinks.get({ params: { token: second.token } })).status).toBe(401);
    // The password hash never leaves the server.
    expect(JSON.stringify(await links())).not.toContain('argon2');
  });

  it('asks for a password of 8 characters at least, spaces not counted', async () => {
    for (const password of ['seven77', ' '.repeat(8), '  a b c d e f g  ']) {
      const weak = await owner.client.api.shareLinks.create({
        params: { id: recordingId },
        body: { password },
      });
      expect(weak.status, JSON.stringify(password)).toBe(400);
      expect(weak.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await create({ password: 'eight888' })).link).toMatchObject({ hasPassword: true });
  });

  it('slows password guessing down (429 with Retry-After)', async () => {
    const { token } = await create({ password: 'correct horse' });
    const guesser = visitor();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestClient['api']['shareLinks']['unlock']>> | null = null;
    for (let i = 0; i < 11; i += 1) {
      last = await guesser.api.shareLinks.unlock({ params: { token }, body: { password: `guess-${i}` } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits out the window.
    expect(
      (await guesser.api.shareLinks.unlock({ params: { token }, body: { password: 'correct horse' } }))
        .status,
    ).toBe(429);
  });

  it('checks the origin and CSRF token on the anonymous unlock like on every other POST', async () => {
    const { token } = await create({ password: 'open sesame' });
    const forged = await fetch(`${app.url}/api/shared/${token}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.test' },
      body: JSON.stringify({ password: 'open sesame' }),
    });
    expect(forged.status).toBe(403);
  });

  it('lets nobody but the owner create, list or revoke a recording’s links', async () => {
    const { link } = await create();
    const base = `/api/recordings/${recordingId}/share-links`;
    for (const client of [other.client, visitor()]) {
      expect([401, 404]).toContain((await client.post(base, {})).status);
      expect([401, 404]).toContain((await client.get(base)).status);
      expect([401, 404]).toContain((await client.delete(`${base}/${link.id}`)).status);
    }
    // Nor under a recording of their own.
    const theirs = await completedRecording(app, other.client);
    expect(
      (await other.client.api.shareLinks.revoke({ params: { id: theirs, linkId: link.id } })).status,
    ).toBe(404);
    expect((await links()).find((l) => l.id === link.id)!.status).toBe('active');
  });

  it('refuses to share a transcript that is not finished', async () => {
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    const queued = await owner.client.api.recordings.create({ body: form });
    expectStatus(queued, 201);
    const res = await owner.client.api.shareLinks.create({
      params: { id: queued.body.id as string },
      body: {},
    });
    expectStatus(res, 409);
  });

  it('kills every link of a recording when the recording is deleted', async () => {
    const id = await completedRecording(app, owner.client);
    const { token } = await create({ includeMedia: true }, owner.client, id);
    expect((await visitor().api.shareLinks.get({ params: { token } })).status).toBe(200);
    expect((await owner.client.api.recordings.remove({ params: { id } })).status).toBe(200);
    expect((await visitor().api.shareLinks.get({ params: { token } })).status).toBe(410);
    expect((await visitor().api.shareLinks.media({ params: { token } })).status).toBe(410);
  });

  it('stops the links of an owner an operator suspended', async () => {
    const suspendable = await signedInClient(app, { plan: 'premium' });
    const id = await completedRecording(app, suspendable.client);
    const { token } = await create({}, suspendable.client, id);
    expect((await visitor().api.shareLinks.get({ params: { token } })).status).toBe(200);
    const { client: admin } = await adminClient(app);
    const suspended = await admin.api.adminUsers.suspend({
      params: { userId: suspendable.userId },
      body: { reason: 'Abuse' },
    });
    expectStatus(suspended, 200);
    expect((await visitor().api.shareLinks.get({ params: { token } })).status).toBe(410);
  });
});
