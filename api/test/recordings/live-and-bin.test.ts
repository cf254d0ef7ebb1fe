import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingStream } from '@scrivo/domain/recordings';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { expectStatus } from '../support/expect-status';

const JFK = readFileSync(sharedAudio('jfk/jfk.wav'));
const GRACE_SECONDS = 3;

const uploadJfk = async (client: TestClient, title: string) => {
  const form = new FormData();
  form.set('file', new Blob([JFK]), 'jfk.wav');
  form.set('title', title);
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  return created.body.id as string;
};

interface StreamEvent {
  type: string;
  recording?: { id: string; status: string; title: string };
  id?: string;
}

/** Reads a server-sent-event stream the way EventSource does: a streamed fetch body split on blank lines. */
const openEventStream = async (app: TestApp, client: TestClient) => {
  const abort = new AbortController();
  const response = await fetch(`${app.url}/api/recordings/events`, {
    headers: { cookie: client.cookieHeader, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as StreamEvent);
          for (const wake of waiters.splice(0)) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  const waitFor = async (match: (e: StreamEvent) => boolean, timeoutMs = 30_000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event; saw ${JSON.stringify(events)}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 250);
      });
    }
  };
  return { events, waitFor, close: () => abort.abort() };
};

describe('live status over server-sent events, and the bin (restore, then media erased)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      // A job worker runs here for its sweep; no speech engine answers, and every job below is cancelled.
      SCRIVO_IN_PROCESS_JOB_WORKER: 'true',
      SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
      SCRIVO_RESTORE_GRACE_SECONDS: String(GRACE_SECONDS),
      SCRIVO_MEDIA_PURGE_INTERVAL_MS: '300',
      SCRIVO_JOB_LEASE_MS: '1000',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('streams the caller’s recordings as they change, and nobody else’s', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const { client: other } = await signedInClient(app, { plan: 'premium' });
    const mine = await openEventStream(app, client);
    const theirs = await openEventStream(app, other);
    try {
      await mine.waitFor((e) => e.type === 'ready');
      const id = await uploadJfk(client, 'Live one');
      await mine.waitFor((e) => e.type === 'recording' && e.recording?.id === id);
      await client.api.recordings.cancel({ params: { id } });
      const cancelled = await mine.waitFor(
        (e) => e.type === 'recording' && e.recording?.id === id && e.recording.status === 'cancelled',
      );
      expect(cancelled.recording).toMatchObject({ title: 'Live one' });
      await client.api.recordings.update({ params: { id }, body: { title: 'Renamed live' } });
      await mine.waitFor((e) => e.recording?.id === id && e.recording.title === 'Renamed live');
      await client.api.recordings.remove({ params: { id } });
      await mine.waitFor((e) => e.type === 'removed' && e.id === id);
      await theirs.waitFor((e) => e.type === 'ready');
      expect(theirs.events.filter((e) => e.type !== 'ready')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('restores a deleted recording within the grace period and refuses after it; then erases its media', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const id = await uploadJfk(client, 'Bin test');
    await client.api.recordings.cancel({ params: { id } });

    const deleted = await client.api.recordings.remove({ params: { id } });
    expectStatus(deleted, 200);
    expect(
      Date.parse(deleted.body.restorableUntil as string) - Date.parse(deleted.body.deletedAt as string),
    ).toBe(GRACE_SECONDS * 1000);
    expect((await client.api.recordings.get({ params: { id } })).status).toBe(404);
    const restored = await client.api.recordings.restore({ params: { id } });
    expectStatus(restored, 200);
    expect(restored.body).toMatchObject({ id, title: 'Bin test' });
    expect(
      (await client.api.recordings.media({ params: { id }, extraHeaders: { range: 'bytes=0-9' } })).status,
    ).toBe(206);

    await client.api.recordings.remove({ params: { id } });
    await new Promise((r) => setTimeout(r, GRACE_SECONDS * 1000 + 500));
    const late = await client.api.recordings.restore({ params: { id } });
    expectStatus(late, 409);
    expect(late.body).toMatchObject({ code: 'RESTORE_EXPIRED' });

    const blobKey = `recordings/${id}/original`;
    const deadline = Date.now() + 20_000;
    while ((await app.scrivo.adapters.blobs.stat(blobKey)) !== null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await app.scrivo.adapters.blobs.stat(blobKey)).toBeNull();
    const events = await app.scrivo.adapters.events.readStream(recordingStream(id));
    expect(events.filter((e) => e.type === 'RecordingMediaPurged')).toHaveLength(1);
    expect((await client.api.recordings.restore({ params: { id } })).status).toBe(409);
  });
});
