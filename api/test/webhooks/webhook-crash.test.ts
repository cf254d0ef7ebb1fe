import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import type { RecordedEvent } from '@scrivo/domain';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { expectStatus } from '../support/expect-status';
import { TestClient } from '../support/http-client';
import { type JobWorkerProcess, startJobWorker } from '../recordings/support/job-worker-process';
import { signatureIsValid, startReceiver, type WebhookReceiver } from './support/receiver';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = readFileSync(sharedAudio('jfk/jfk.wav'));
const LEASE_MS = 3000;

/** The session of a client, carried over to the restarted API (another port). */
const sameUserOn = (url: string, client: TestClient) => {
  const moved = new TestClient(url);
  for (const name of ['scrivo_session', 'scrivo_csrf']) {
    const value = client.cookie(name);
    if (value) moved.setCookie(name, value);
  }
  return moved;
};

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number, log = () => '') => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const allEvents = async (dataDir: string): Promise<RecordedEvent[]> => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return await store.readAll();
  } finally {
    await store.close();
  }
};

/**
 * Issue 18's "done when": a receiver on 127.0.0.1 gets a correctly signed "completed" delivery although the job
 * worker was killed mid-job (another worker finishes it) and the API was killed right after the webhook reactor
 * scheduled the delivery, before its checkpoint moved (the restart replays the reaction: still one delivery).
 * Real processes throughout: the built API, two job worker processes, the speech worker.
 */
describe.skipIf(!speechWorkerInstalled())('webhooks across crashes', () => {
  let speech: SpeechWorkerProcess;
  let receiver: WebhookReceiver;
  let api: ApiProcess | null = null;
  const workers: JobWorkerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-webhook-crash-'));
  const apiEnv = (extra: Record<string, string> = {}) => ({
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_SPEECH_URL: speech.url,
    SCRIVO_JOB_LEASE_MS: String(LEASE_MS),
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
    SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '100',
    LOG_LEVEL: 'warn',
    ...extra,
  });
  const worker = async (id: string) => {
    const started = startJobWorker({
      SCRIVO_DATA_DIR: dataDir,
      SCRIVO_SPEECH_URL: speech.url,
      SCRIVO_JOB_LEASE_MS: String(LEASE_MS),
      SCRIVO_WORKER_ID: id,
    });
    workers.push(started);
    await started.started;
    return started;
  };
  const workerLogs = () => workers.map((w) => w.log()).join('\n---\n');

  beforeAll(async () => {
    ensureServerBuild();
    speech = await startSpeechWorker();
    receiver = await startReceiver();
  }, 300_000);
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await api?.stop('SIGKILL');
    await speech?.stop();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers one signed "transcription.completed" though the job worker and then the API were killed', async () => {
    const armed = await startApiProcess(apiEnv({ SCRIVO_TEST_CRASH_AT: 'reacted:webhook-deliveries' }));
    api = armed;
    const client = await signUpOver(armed.url, dataDir, 'webhook-crash@example.com');
    const hook = await client.api.webhooks.create({
      body: { url: receiver.url, events: ['transcription.completed'] },
    });
    expectStatus(hook, 201, hook.text);
    const { secret, webhook } = hook.body;
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201, created.text);
    const recordingId = created.body.id;

    // The first job worker is killed mid-job; the second takes the job over once the lease runs out.
    const first = await worker('worker-one');
    await waitUntil(
      'the first worker is transcribing',
      async () => {
        const recording = await client.api.recordings.get({ params: { id: recordingId } });
        return recording.status === 200 && recording.body.status === 'transcribing';
      },
      300_000,
      workerLogs,
    );
    await first.stop('SIGKILL');
    await worker('worker-two');

    // The completion reaches the webhook reactor, which schedules the delivery and the API dies before its checkpoint.
    const exit = await Promise.race([
      armed.exited,
      new Promise((r) => setTimeout(() => r('still running'), 600_000)),
    ]);
    expect(exit, `${armed.log()}\n${workerLogs()}`).toBe('SIGKILL');
    api = null;

    api = await startApiProcess(apiEnv());
    const user = sameUserOn(api.url, client);
    const recording = await user.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(recording.body.status).toBe('completed');
    await receiver.waitFor(1, 30_000);
    const deliveries = await (async () => {
      // Let a second delivery show itself if the replay had scheduled one.
      await new Promise((r) => setTimeout(r, 1500));
      return receiver.received;
    })();
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    for (const delivery of deliveries) {
      expect(signatureIsValid(delivery, secret)).toBe(true);
      expect(delivery.body).toMatchObject({ type: 'transcription.completed', data: { recordingId } });
    }
    // Every request the receiver got is the same delivery (at least once, deduplicated by its id).
    expect(new Set(deliveries.map((d) => d.body.id)).size).toBe(1);
    const listed = await user.api.webhooks.deliveries({ params: { webhookId: webhook.id } });
    expectStatus(listed, 200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ event: 'transcription.completed', status: 'delivered', statusCode: 200 }),
    ]);
    await api.stop();
    api = null;

    const events = await allEvents(dataDir);
    expect(events.filter((e) => e.type === 'TranscriptionCompleted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'WebhookDeliveryScheduled').map((e) => e.streamId)).toEqual([
      `webhook-delivery-${deliveries[0]!.body.id}`,
    ]);
    const claims = events
      .filter((e) => e.type === 'JobClaimed')
      .map((e) => (e.data as { workerId: string }).workerId);
    expect(claims).toEqual(['worker-one', 'worker-two']);
  }, 1_000_000);
});
