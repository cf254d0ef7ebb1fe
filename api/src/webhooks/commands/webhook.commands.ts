import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateWebhookBody, CreatedWebhook, WebhookDelivery } from '@scrivo/contracts';
import { type Ids, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import {
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_COLLECTION,
  type WebhookDoc,
  webhookDeliveryDecider,
  webhookDeliveryId,
  webhookDeliveryStream,
  webhooksDecider,
  webhooksStream,
} from '@scrivo/domain/webhooks';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { samplePayload, webhookBody } from '../reactors/webhook-payload';
import { newWebhookSecret } from '../support/webhook-signature';
import { toWebhook } from '../support/webhook-view';

/** The caller's own webhook, or 404 (another user's webhook looks like none). */
export const ownWebhook = async (readModels: ReadModelStore, user: AuthenticatedUser, webhookId: string) => {
  const doc = await readModels.collection<WebhookDoc>(WEBHOOKS_COLLECTION).get(webhookId);
  if (!doc || doc.userId !== user.id) throw new NotFoundError('Webhook', webhookId);
  return doc;
};

export class CreateWebhookCommand extends Command<CreatedWebhook> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly body: CreateWebhookBody,
  ) {
    super();
  }
}

@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, body }: CreateWebhookCommand): Promise<CreatedWebhook> {
    const webhookId = this.ids.next();
    const secret = newWebhookSecret();
    const { state } = await this.runner.run(
      webhooksDecider,
      webhooksStream(user.id),
      {
        type: 'CreateWebhook',
        webhookId,
        userId: user.id,
        url: body.url,
        events: body.events,
        secret,
        now: this.runner.now(),
      },
      { actor: { kind: 'user', id: user.id } },
    );
    const endpoint = state.endpoints.find((e) => e.webhookId === webhookId);
    if (!endpoint) throw new NotFoundError('Webhook', webhookId);
    return { webhook: toWebhook({ id: webhookId, userId: user.id, ...endpoint }), secret };
  }
}

export class DeleteWebhookCommand extends Command<void> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly webhookId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, webhookId }: DeleteWebhookCommand): Promise<void> {
    await ownWebhook(this.readModels, user, webhookId);
    await this.runner.run(
      webhooksDecider,
      webhooksStream(user.id),
      { type: 'DeleteWebhook', webhookId, now: this.runner.now() },
      { actor: { kind: 'user', id: user.id } },
    );
  }
}

/** "Send test": a sample delivery, sent and retried by the delivery timer like a real one. */
export class SendTestWebhookCommand extends Command<WebhookDelivery> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly webhookId: string,
  ) {
    super();
  }
}

@CommandHandler(SendTestWebhookCommand)
export class SendTestWebhookHandler implements ICommandHandler<SendTestWebhookCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, webhookId }: SendTestWebhookCommand): Promise<WebhookDelivery> {
    await ownWebhook(this.readModels, user, webhookId);
    const deliveryId = webhookDeliveryId(webhookId, `test-${this.ids.next()}`);
    const now = this.runner.now();
    await this.runner.run(
      webhookDeliveryDecider,
      webhookDeliveryStream(deliveryId),
      {
        type: 'ScheduleDelivery',
        deliveryId,
        webhookId,
        userId: user.id,
        event: WEBHOOK_TEST_EVENT,
        body: webhookBody(deliveryId, WEBHOOK_TEST_EVENT, now, samplePayload()),
        now,
      },
      { actor: { kind: 'user', id: user.id } },
    );
    return {
      id: deliveryId,
      webhookId,
      event: WEBHOOK_TEST_EVENT,
      scheduledAt: now,
      status: 'pending',
      attempts: 0,
      lastAttemptAt: null,
      statusCode: null,
      error: null,
      nextAttemptAt: now,
    };
  }
}

export const webhookCommandHandlers = [CreateWebhookHandler, DeleteWebhookHandler, SendTestWebhookHandler];
