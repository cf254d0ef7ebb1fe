import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import {
  type DeliveredEventName,
  WEBHOOK_DELIVERY_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryEvent,
  type WebhookEvent,
  type WebhookEventName,
} from '../events';
import { type DeliveryStatus, deliveryStatus } from '../webhook-delivery.decider';

export const WEBHOOKS_COLLECTION = 'webhooks';
export const WEBHOOK_DELIVERIES_COLLECTION = 'webhook_deliveries';

/** A webhook as its owner sees it: never its secret. */
export interface WebhookDoc {
  readonly id: string;
  readonly userId: string;
  readonly url: string;
  readonly events: readonly WebhookEventName[];
  readonly createdAt: string;
}

export interface WebhookDeliveryDoc {
  readonly id: string;
  readonly webhookId: string;
  readonly userId: string;
  readonly event: DeliveredEventName;
  readonly scheduledAt: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly statusCode: number | null;
  readonly error: string | null;
  /** Due for an attempt at this instant while pending (the delivery timer's list); '' otherwise. */
  readonly dueAt: string;
}

/** The Developer section's lists (webhooks, their deliveries) and the delivery timer's due list. */
export const webhooksProjection: Projection = {
  name: 'webhooks',
  collections: [WEBHOOKS_COLLECTION, WEBHOOK_DELIVERIES_COLLECTION],
  eventTypes: [...WEBHOOK_EVENT_TYPES, ...WEBHOOK_DELIVERY_EVENT_TYPES],
  async setup(store) {
    await store.collection(WEBHOOKS_COLLECTION).ensureIndex({ fields: ['userId', 'createdAt'] });
    const deliveries = store.collection(WEBHOOK_DELIVERIES_COLLECTION);
    await deliveries.ensureIndex({ fields: ['webhookId', 'scheduledAt'] });
    await deliveries.ensureIndex({ fields: ['status', 'dueAt'] });
  },
  async handle(recorded: RecordedEvent, context) {
    const event = { type: recorded.type, data: recorded.data } as WebhookEvent | WebhookDeliveryEvent;
    switch (event.type) {
      case 'WebhookCreated': {
        const { webhookId, userId, url, events, createdAt } = event.data;
        const doc: WebhookDoc = { id: webhookId, userId, url, events, createdAt };
        context.upsert(WEBHOOKS_COLLECTION, doc);
        return;
      }
      case 'WebhookDeleted':
        context.delete(WEBHOOKS_COLLECTION, event.data.webhookId);
        return;
      case 'WebhookDeliveryScheduled': {
        const d = event.data;
        const doc: WebhookDeliveryDoc = {
          id: d.deliveryId,
          webhookId: d.webhookId,
          userId: d.userId,
          event: d.event,
          scheduledAt: d.scheduledAt,
          status: 'pending',
          attempts: 0,
          lastAttemptAt: null,
          statusCode: null,
          error: null,
          dueAt: d.scheduledAt,
        };
        context.upsert(WEBHOOK_DELIVERIES_COLLECTION, doc);
        return;
      }
      case 'WebhookDeliveryAttempted': {
        const d = event.data;
        const current = await context.get<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES_COLLECTION, d.deliveryId);
        if (!current) return;
        const status = deliveryStatus(d.ok, d.nextAttemptAt);
        const next: WebhookDeliveryDoc = {
          ...current,
          status,
          attempts: d.attempt,
          lastAttemptAt: d.at,
          statusCode: d.statusCode,
          error: d.error,
          dueAt: status === 'pending' ? (d.nextAttemptAt ?? '') : '',
        };
        context.upsert(WEBHOOK_DELIVERIES_COLLECTION, next);
        return;
      }
    }
  },
};
