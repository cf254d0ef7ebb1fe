import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventName } from '@scrivo/contracts';
import { summaryDecider, summaryStream, MEETING_TEMPLATE } from '@scrivo/domain/summaries';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { completedRecording, JFK } from '../recordings/support/completed-recording';
import { type TestClient, unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  type ReceivedDelivery,
  signatureIsValid,
  startReceiver,
  type WebhookReceiver,
} from './support/receiver';
import { startedAsWorker } from '../recordings/support/test-worker';
import { bodyOf, expectStatus } from '../support/expect-status';

interface Delivery {
  id: string;
  event: string;
  status: string;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

const waitForDelivery = async (
  client: TestClient,
  webhookId: string,
  done: (d: Delivery[]) => boolean,
  timeoutMs = 15_000,
): Promise<Delivery[]> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.api.webhooks.deliveries({ params: { webhookId } });
    expectStatus(res, 200);
    const items = (res.body as { items: Delivery[] }).items;
    if (done(items)) return items;
    if (Date.now() > deadline) throw new Error(`deliveries never settled: ${JSON.stringify(items)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const createWebhook = async (client: TestClient, url: string, events: WebhookEventName[]) => {
  const res = await client.api.webhooks.create({ body: { url, events } });
  expectStatus(res, 201);
  return res.body as { secret: string; webhook: { id: string; url: string; events: string[] } };
};

describe('webhooks: signed deliveries of transcription events, retried, listed, with a test button', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      // The receiver runs on 127.0.0.1, which is refused unless the operator allows private targets.
      SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
      SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '100',
      SCRIVO_WEBHOOK_FIRST_RETRY_MS: '300',
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  const deliveriesTo = (webhookId: string): ReceivedDelivery[] =>
    receiver.received.filter((d) => String(d.headers['scrivo-delivery']).startsWith(`${webhookId}_`));

  it('shows the signing secret once, and lists webhooks without it', async () => {
    const { client } = await signedInClient(app);
    const created = await createWebhook(client, receiver.url, ['transcription.completed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.webhook).toMatchObject({ url: receiver.url, events: ['transcription.completed'] });
    const list = await client.api.webhooks.list();
    expect(list.body).toEqual({ items: [{ ...created.webhook, createdAt: expect.any(String) }] });
    expect(list.text).not.toContain(created.secret);
  });

  it('refuses an address that is not http(s) and an empty event list', async () => {
    const { client } = await signedInClient(app);
    expect(
      (await client.api.webhooks.create({ body: { url: 'ftp://x.test/', events: ['transcription.failed'] } }))
        .status,
    ).toBe(400);
    expect((await client.api.webhooks.create({ body: { url: receiver.url, events: [] } })).status).toBe(400);
    expect(
      (
        await client.api.webhooks.create({
          body: { url: receiver.url, events: unchecked(['recording.exploded']) },
        })
      ).status,
    ).toBe(400);
  });

  it('posts a signed "transcription.completed" delivery when a transcription completes', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const { secret, webhook } = await createWebhook(client, receiver.url, [
      'transcription.completed',
      'transcription.failed',
    ]);
    const recordingId = await completedRecording(app, client);
    const [delivery] = await waitUntilReceived(() => deliveriesTo(webhook.id), 1);

    expect(signatureIsValid(delivery!, secret)).toBe(true);
    expect(signatureIsValid(delivery!, 'whsec_another')).toBe(false);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['scrivo-event']).toBe('transcription.completed');
    expect(delivery!.body).toEqual({
      id: delivery!.headers['scrivo-delivery'],
      type: 'transcription.completed',
      createdAt: expect.any(String),
      data: {
        recordingId,
        title: 'JFK inaugural',
        durationSeconds: expect.any(Number),
        language: 'en',
        transcriptUrl: `/api/recordings/${recordingId}/transcript`,
      },
    });
    const listed = await waitForDelivery(client, webhook.id, (d) => d[0]?.status === 'delivered');
    expect(listed).toEqual([
      expect.objectContaining({
        id: delivery!.body.id,
        event: 'transcription.completed',
        status: 'delivered',
        attempts: 1,
        statusCode: 200,
        error: null,
        nextAttemptAt: null,
      }),
    ]);
  });

  it('posts "summary.ready" when a summary is written, with its overview', async () => {
    const { client, userId } = await signedInClient(app, { plan: 'business_pro' });
    const { webhook } = await createWebhook(client, receiver.url, ['summary.ready']);
    const recordingId = await completedRecording(app, client);
    // What the summary job writes once the model has answered (the model itself is not needed here).
    const runner = app.scrivo.app.get(StreamRunner);
    const worker = { actor: { kind: 'worker' as const, id: 'test-worker' } };
    await runner.run(
      summaryDecider,
      summaryStream(recordingId),
      {
        type: 'RequestSummary',
        recordingId,
        recordingStatus: 'completed',
        ownerId: userId,
        jobId: 'summary-job-1',
        language: 'en',
        transcriptVersion: 1,
        template: MEETING_TEMPLATE,
        templateId: MEETING_TEMPLATE.id,
        now: runner.now(),
      },
      worker,
    );
    await runner.run(
      summaryDecider,
      summaryStream(recordingId),
      {
        type: 'CompleteSummary',
        jobId: 'summary-job-1',
        content: {
          overview: 'Kennedy asks Americans to serve their country.',
          keyPoints: [],
          decisions: [],
          actionItems: [],
          chapters: [{ title: 'The call', start: 0 }],
        },
        language: 'en',
        transcriptVersion: 1,
        engine: 'test',
        now: runner.now(),
      },
      worker,
    );
    const [delivery] = await waitUntilReceived(() => deliveriesTo(webhook.id), 1);
    expect(delivery!.headers['scrivo-event']).toBe('summary.ready');
    expect(delivery!.body.data).toEqual({
      recordingId,
      title: 'JFK inaugural',
      language: 'en',
      overview: 'Kennedy asks Americans to serve their country.',
      summaryUrl: `/api/recordings/${recordingId}/summary`,
    });
  });

  it('retries after a 500 with the same body, then records the success', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const { secret, webhook } = await createWebhook(client, receiver.url, ['transcription.completed']);
    receiver.answerWith(500);
    await completedRecording(app, client);

    const failed = await waitForDelivery(client, webhook.id, (d) => d[0]?.attempts === 1);
    expect(failed[0]).toMatchObject({ status: 'pending', statusCode: 500, error: 'HTTP 500' });
    expect(failed[0]!.nextAttemptAt).not.toBeNull();

    const [first, second] = await waitUntilReceived(() => deliveriesTo(webhook.id), 2);
    expect(first!.answered).toBe(500);
    expect(second!.raw).toBe(first!.raw);
    expect(second!.headers['scrivo-attempt']).toBe('2');
    expect(signatureIsValid(second!, secret)).toBe(true);
    const done = await waitForDelivery(client, webhook.id, (d) => d[0]?.status === 'delivered');
    expect(done[0]).toMatchObject({ attempts: 2, statusCode: 200, error: null });
  });

  it('delivers "transcription.failed" only to webhooks that listen to it', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const both = await createWebhook(client, receiver.url, [
      'transcription.completed',
      'transcription.failed',
    ]);
    const completedOnly = await createWebhook(client, receiver.url, ['transcription.completed']);
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    const id = bodyOf(await client.api.recordings.create({ body: form }), 201).id as string;
    await (
      await startedAsWorker(app.scrivo.app.get(StreamRunner), id)
    ).fail('SPEECH_FAILED', 'The engine gave up.');
    const [delivery] = await waitUntilReceived(() => deliveriesTo(both.webhook.id), 1);
    expect(delivery!.body).toMatchObject({
      type: 'transcription.failed',
      data: { recordingId: id, error: { code: 'SPEECH_FAILED', message: 'The engine gave up.' } },
    });
    expect(signatureIsValid(delivery!, both.secret)).toBe(true);
    await waitForDelivery(client, both.webhook.id, (d) => d[0]?.status === 'delivered');
    expect(
      (await client.api.webhooks.deliveries({ params: { webhookId: completedOnly.webhook.id } })).body,
    ).toEqual({
      items: [],
    });
  });

  it('"Send test" sends a signed sample that is listed like any delivery', async () => {
    const { client } = await signedInClient(app);
    const { secret, webhook } = await createWebhook(client, receiver.url, ['transcription.failed']);
    const sent = await client.api.webhooks.sendTest({ params: { webhookId: webhook.id } });
    expectStatus(sent, 202);
    expect(sent.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    const [delivery] = await waitUntilReceived(() => deliveriesTo(webhook.id), 1);
    expect(delivery!.body).toMatchObject({ id: sent.body.id, type: 'webhook.test', data: { sample: true } });
    expect(signatureIsValid(delivery!, secret)).toBe(true);
    const listed = await waitForDelivery(client, webhook.id, (d) => d[0]?.status === 'delivered');
    expect(listed[0]).toMatchObject({ id: sent.body.id, statusCode: 200 });
  });

  it('keeps webhooks and deliveries to their owner, and sends nothing to a deleted webhook', async () => {
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const { webhook } = await createWebhook(owner.client, receiver.url, ['transcription.completed']);
    expect((await other.client.api.webhooks.deliveries({ params: { webhookId: webhook.id } })).status).toBe(
      404,
    );
    expect((await other.client.api.webhooks.sendTest({ params: { webhookId: webhook.id } })).status).toBe(
      404,
    );
    expect((await other.client.api.webhooks.remove({ params: { webhookId: webhook.id } })).status).toBe(404);
    expect((await other.client.api.webhooks.list()).body).toEqual({ items: [] });

    expect((await owner.client.api.webhooks.remove({ params: { webhookId: webhook.id } })).status).toBe(204);
    expect((await owner.client.api.webhooks.list()).body).toEqual({ items: [] });
    expect((await owner.client.api.webhooks.sendTest({ params: { webhookId: webhook.id } })).status).toBe(
      404,
    );
  });
});

/** Waits until `list()` holds `count` deliveries. */
const waitUntilReceived = async (list: () => ReceivedDelivery[], count: number, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (list().length < count) {
    if (Date.now() > deadline) throw new Error(`received ${list().length} of ${count} deliveries`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return list().slice(0, count);
};
