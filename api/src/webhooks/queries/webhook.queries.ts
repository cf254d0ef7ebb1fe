import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Webhook, WebhookDelivery } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import {
  WEBHOOK_DELIVERIES_COLLECTION,
  WEBHOOKS_COLLECTION,
  type WebhookDeliveryDoc,
  type WebhookDoc,
} from '@scrivo/domain/webhooks';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { READ_MODELS } from '../../infrastructure/tokens';
import { ownWebhook } from '../commands/webhook.commands';
import { toWebhook, toWebhookDelivery } from '../support/webhook-view';

export class ListWebhooksQuery extends Query<{ items: Webhook[] }> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

@QueryHandler(ListWebhooksQuery)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooksQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async execute({ user }: ListWebhooksQuery): Promise<{ items: Webhook[] }> {
    const docs = await this.readModels
      .collection<WebhookDoc>(WEBHOOKS_COLLECTION)
      .find({ userId: user.id }, { sort: [{ field: 'createdAt', direction: 'desc' }], limit: 100 });
    return { items: docs.map(toWebhook) };
  }
}

export class ListWebhookDeliveriesQuery extends Query<{ items: WebhookDelivery[] }> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly webhookId: string,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async execute({ user, webhookId }: ListWebhookDeliveriesQuery): Promise<{ items: WebhookDelivery[] }> {
    await ownWebhook(this.readModels, user, webhookId);
    const docs = await this.readModels.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES_COLLECTION).find(
      { webhookId },
      {
        sort: [
          { field: 'scheduledAt', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ],
        limit: 100,
      },
    );
    return { items: docs.map(toWebhookDelivery) };
  }
}

export const webhookQueryHandlers = [ListWebhooksHandler, ListWebhookDeliveriesHandler];
