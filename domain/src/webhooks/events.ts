import type { DomainEvent } from '../kernel/events';

/**
 * What a webhook can listen to. The list grows with the product (a "summary.ready" joins it when summaries
 * exist): add the name here, map the domain event to it in the API's webhook reactor, document its payload.
 */
export const WEBHOOK_EVENTS = ['transcription.completed', 'transcription.failed', 'summary.ready'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
/** A delivery the owner asked for with "Send test": a sample, never a real event. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type DeliveredEventName = WebhookEventName | typeof WEBHOOK_TEST_EVENT;

// ---- one user's webhooks: `webhooks-{userId}` (one stream, so a reactor reads them in event order) ----
export type WebhookCreated = DomainEvent<
  'WebhookCreated',
  {
    webhookId: string;
    userId: string;
    url: string;
    events: WebhookEventName[];
    /**
     * The signing secret. Kept (unlike an API key's), because every delivery is signed with it; shown to its
     * owner once and never in a read model or an answer after that.
     */
    secret: string;
    createdAt: string;
  }
>;
export type WebhookDeleted = DomainEvent<'WebhookDeleted', { webhookId: string; userId: string; at: string }>;
export type WebhookEvent = WebhookCreated | WebhookDeleted;
export const WEBHOOK_EVENT_TYPES: readonly WebhookEvent['type'][] = ['WebhookCreated', 'WebhookDeleted'];
export const webhooksStream = (userId: string) => `webhooks-${userId}`;

// ---- one delivery of one event to one webhook: `webhook-delivery-{deliveryId}` ----
export type WebhookDeliveryScheduled = DomainEvent<
  'WebhookDeliveryScheduled',
  {
    deliveryId: string;
    webhookId: string;
    userId: string;
    event: DeliveredEventName;
    /** The JSON body, fixed once: every attempt sends the same bytes (only the signature's timestamp moves). */
    body: string;
    scheduledAt: string;
  }
>;
export type WebhookDeliveryAttempted = DomainEvent<
  'WebhookDeliveryAttempted',
  {
    deliveryId: string;
    webhookId: string;
    userId: string;
    /** 1 for the first attempt. */
    attempt: number;
    at: string;
    /** The receiver answered 2xx. */
    ok: boolean;
    /** The receiver's status code, or null when there was no answer (refused, timeout, blocked address). */
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    /** When the next attempt is due; null once delivered or given up. */
    nextAttemptAt: string | null;
  }
>;
export type WebhookDeliveryEvent = WebhookDeliveryScheduled | WebhookDeliveryAttempted;
export const WEBHOOK_DELIVERY_EVENT_TYPES: readonly WebhookDeliveryEvent['type'][] = [
  'WebhookDeliveryScheduled',
  'WebhookDeliveryAttempted',
];
export const webhookDeliveryStream = (deliveryId: string) => `webhook-delivery-${deliveryId}`;
/** Keyed by the event that caused it, so a replay of the reaction finds the delivery already there. */
export const webhookDeliveryId = (webhookId: string, causeEventId: string) => `${webhookId}_${causeEventId}`;
