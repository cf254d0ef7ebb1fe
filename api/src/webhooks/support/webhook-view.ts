import type { Webhook, WebhookDelivery } from '@scrivo/contracts';
import type { WebhookDeliveryDoc, WebhookDoc } from '@scrivo/domain/webhooks';

export const toWebhook = (doc: WebhookDoc): Webhook => ({
  id: doc.id,
  url: doc.url,
  events: [...doc.events],
  createdAt: doc.createdAt,
});

export const toWebhookDelivery = (doc: WebhookDeliveryDoc): WebhookDelivery => ({
  id: doc.id,
  webhookId: doc.webhookId,
  event: doc.event,
  scheduledAt: doc.scheduledAt,
  status: doc.status,
  attempts: doc.attempts,
  lastAttemptAt: doc.lastAttemptAt,
  statusCode: doc.statusCode,
  error: doc.error,
  nextAttemptAt: doc.status === 'pending' ? doc.dueAt : null,
});
