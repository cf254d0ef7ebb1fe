import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { startReceiver, type WebhookReceiver } from '../webhooks/support/receiver';
import { completedInWorkspace, joined, type Person, workspaceOf } from './support';

/**
 * Whose webhooks hear of a workspace's recording: its uploader's, as for a recording of their own. The workspace's
 * owner and admins are not told through theirs: a webhook is one person's, pointed at their own systems, and the
 * uploader did not choose to send the team's recordings there (docs/workspaces.md).
 */
describe('webhooks about a workspace’s recording: the uploader’s fire, the owner’s and admins’ do not', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let ann: Person;
  let bea: Person;
  let ben: Person;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
      SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '100',
    });
    [ann, bea, ben] = await Promise.all([0, 1, 2].map(() => signedInClient(app, { plan: 'premium' })));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  const webhookOf = async (who: Person) => {
    const created = await who.client.api.webhooks.create({
      body: { url: receiver.url, events: ['transcription.completed'] },
    });
    expectStatus(created, 201);
    return created.body.webhook.id;
  };
  const deliveriesOf = async (who: Person, webhookId: string) =>
    bodyOf(await who.client.api.webhooks.deliveries({ params: { webhookId } }), 200).items;

  it('tells the member who uploaded it through their webhook, and nobody else through theirs', async () => {
    const workspaceId = await workspaceOf(ann, 'Payments team');
    await joined(ann, workspaceId, bea, 'admin');
    await joined(ann, workspaceId, ben, 'member');
    const [annsHook, beasHook, bensHook] = await Promise.all([ann, bea, ben].map(webhookOf));

    const id = await completedInWorkspace(app, ben, workspaceId, 'Pricing sync');
    await waitUntil('Ben’s webhook is delivered', async () =>
      receiver.received.some((d) => d.body.data.recordingId === id),
    );
    const [delivery] = receiver.received.filter((d) => d.body.data.recordingId === id);
    expect(String(delivery!.headers['scrivo-delivery'])).toMatch(new RegExp(`^${bensHook}_`));
    expect(delivery!.body).toMatchObject({
      type: 'transcription.completed',
      data: { recordingId: id, title: 'Pricing sync' },
    });
    // Every listening webhook is scheduled in the one reaction that scheduled Ben's: none for the owner or admin.
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveriesOf(ann, annsHook)).toEqual([]);
    expect(await deliveriesOf(bea, beasHook)).toEqual([]);
    expect(receiver.received.filter((d) => d.body.data.recordingId === id)).toHaveLength(1);

    // Ann's own upload into the workspace is hers to hear of, not Ben's.
    const annsOwn = await completedInWorkspace(app, ann, workspaceId, 'Budget review');
    await waitUntil('Ann’s webhook is delivered', async () =>
      receiver.received.some((d) => d.body.data.recordingId === annsOwn),
    );
    const heard = receiver.received.filter((d) => d.body.data.recordingId === annsOwn);
    expect(heard.map((d) => String(d.headers['scrivo-delivery']).split('_')[0])).toEqual([annsHook]);
  });
});
