import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { JOB_INDEX_COLLECTION } from '@scrivo/adapters/jobs/mongodb-job-queue';
import { mongoForTests } from '@scrivo/adapters/testing/mongo-for-tests';
import { recordingStream } from '@scrivo/domain/recordings';
import { jobStream } from '@scrivo/domain/jobs';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { type JobWorkerProcess, startJobWorker } from './support/job-worker-process';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const PHRASE = 'ask not what your country can do for you';
const LEASE_MS = 3000;

const statusOf = async (client: TestClient, id: string) =>
  bodyOf(await client.api.recordings.get({ params: { id } }), 200);

const workers: JobWorkerProcess[] = [];
let speechLog = '';

const waitForStatus = async (client: TestClient, id: string, wanted: string[], timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await statusOf(client, id);
    if (wanted.includes(status)) return status;
    if (Date.now() > deadline)
      throw new Error(
        `still ${status} after ${timeoutMs} ms; job workers said:\n${workers.map((w) => w.log()).join('\n---\n')}\nspeech worker said:\n${speechLog.slice(-5000)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
};

const mongo = mongoForTests('scrivo_worker_crash');
/** The embedded queue, and the MongoDB one the API and the workers share (FerretDB here, or MONGODB_URL). */
const queues: {
  name: string;
  env: () => Record<string, string>;
  /** How the queue itself saw the job end, where it keeps more than the job stream. */
  standing?: (jobId: string) => Promise<unknown>;
}[] = [
  { name: 'embedded', env: () => ({ SCRIVO_JOB_QUEUE: 'embedded' }) },
  ...(mongo.available
    ? [
        {
          name: 'mongodb',
          env: () => ({ SCRIVO_JOB_QUEUE: 'mongodb', MONGODB_URL: mongo.url(), MONGODB_DB: mongo.database }),
          standing: async (jobId: string) => (await mongo.findById(JOB_INDEX_COLLECTION, jobId))?.['status'],
        },
      ]
    : []),
];

describe.skipIf(!speechWorkerInstalled()).each(queues)(
  'a job worker process killed mid-job ($name queue)',
  (queue) => {
    let speech: SpeechWorkerProcess;
    let app: TestApp;
    const workerEnv = (id: string) => ({
      SCRIVO_DATA_DIR: app.dataDir,
      SCRIVO_SPEECH_URL: speech.url,
      SCRIVO_JOB_LEASE_MS: String(LEASE_MS),
      SCRIVO_WORKER_ID: id,
      ...queue.env(),
    });

    beforeAll(async () => {
      speech = await startSpeechWorker();
      speech.process.stderr!.on('data', (chunk: string) => {
        speechLog = (speechLog + chunk).slice(-20_000);
      });
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_SPEECH_URL: speech.url,
        SCRIVO_JOB_LEASE_MS: String(LEASE_MS),
        ...queue.env(),
      });
    }, 240_000);
    afterEach(async () => {
      for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
    });
    afterAll(async () => {
      await app?.close();
      await speech?.stop();
    });

    it('loses nothing: a new worker finishes the job once, with one transcript', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const form = new FormData();
      form.set('file', new Blob([readFileSync(JFK)]), 'jfk.wav');
      const created = await client.api.recordings.create({ body: form });
      expectStatus(created, 201);
      const id = created.body.id;

      const first = startJobWorker(workerEnv('worker-one'));
      workers.push(first);
      await first.started;
      // Started means the worker holds the lease and is fetching, normalising or recognising: kill it now.
      await waitForStatus(client, id, ['transcribing'], 300_000);
      await first.stop('SIGKILL');
      expect((await statusOf(client, id)).status).toBe('transcribing');

      const second = startJobWorker(workerEnv('worker-two'));
      workers.push(second);
      await second.started;
      expect(await waitForStatus(client, id, ['completed', 'failed'], 600_000)).toBe('completed');

      const transcript = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
      expect(phraseErrorRate(PHRASE, transcript.text)).toBeLessThanOrEqual(HEARD);

      const events = await app.scrivo.adapters.events.readStream(recordingStream(id));
      expect(events.filter((e) => e.type === 'TranscriptionCompleted')).toHaveLength(1);
      const requested = events.find((e) => e.type === 'TranscriptionRequested')!.data as { jobId: string };
      const jobEvents = await app.scrivo.adapters.events.readStream(jobStream(requested.jobId));
      const claims = jobEvents
        .filter((e) => e.type === 'JobClaimed')
        .map((e) => e.data as { workerId: string });
      expect(claims.map((c) => c.workerId)).toEqual(['worker-one', 'worker-two']);
      expect(jobEvents.filter((e) => e.type === 'JobCompleted')).toHaveLength(1);
      if (queue.standing) expect(await queue.standing(requested.jobId)).toBe('completed');
    }, 1_000_000);
  },
);
