import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { jobStream } from '@scrivo/domain/jobs';
import { recordingStream } from '@scrivo/domain/recordings';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { JFK_PATH } from './support/stuck-upload';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';

const PHRASE = 'ask not what your country can do for you';
/** Longer than the ~25 s in which the retries with backoff used to spend all three attempts. */
const OUTAGE_MS = 35_000;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const statusOf = async (client: TestClient, id: string) =>
  bodyOf(await client.api.recordings.get({ params: { id } }), 200).status;

describe.skipIf(!speechWorkerInstalled())('a speech-worker outage of more than half a minute', () => {
  let speech: SpeechWorkerProcess | null = null;
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    speech = await startSpeechWorker({ SCRIVO_SPEECH_PORT: String(port) });
    // The in-process job worker (as under test) talks to that port whether the speech worker runs or not.
    app = await startTestApp({ SCRIVO_SPEECH_URL: `http://127.0.0.1:${port}` });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
  });

  it('loses nothing: queued jobs wait without spending attempts and complete once it is back', async () => {
    await speech!.stop();
    speech = null;
    const { client } = await signedInClient(app, { plan: 'premium' });
    const ids: string[] = [];
    for (const title of ['first', 'second']) {
      const form = new FormData();
      form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
      form.set('title', title);
      const created = await client.api.recordings.create({ body: form });
      expectStatus(created, 201);
      ids.push(created.body.id);
    }

    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    for (const id of ids) expect(['queued', 'transcribing']).toContain(await statusOf(client, id));

    speech = await startSpeechWorker({ SCRIVO_SPEECH_PORT: String(port) });
    const deadline = Date.now() + 300_000;
    while ((await Promise.all(ids.map((id) => statusOf(client, id)))).some((s) => s !== 'completed')) {
      expect(await Promise.all(ids.map((id) => statusOf(client, id)))).not.toContain('failed');
      if (Date.now() > deadline) throw new Error('the transcriptions did not complete');
      await new Promise((r) => setTimeout(r, 500));
    }

    const { events } = app.scrivo.adapters;
    for (const id of ids) {
      const transcript = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
      expect(phraseErrorRate(PHRASE, transcript.text)).toBeLessThanOrEqual(HEARD);
      const requested = (await events.readStream(recordingStream(id))).find(
        (e) => e.type === 'TranscriptionRequested',
      )!.data as { jobId: string };
      const jobEvents = async () => (await events.readStream(jobStream(requested.jobId))).map((e) => e.type);
      // The worker records the job's completion just after the recording's: the transcript can be served first.
      await waitUntil('the job is recorded as completed', async () =>
        (await jobEvents()).includes('JobCompleted'),
      );
      const job = await jobEvents();
      // One attempt, never failed: the outage was waited out, not counted.
      expect(job.filter((t) => t === 'JobClaimed')).toHaveLength(1);
      expect(job).not.toContain('JobFailed');
      expect(job).toContain('JobCompleted');
    }
  }, 600_000);
});
