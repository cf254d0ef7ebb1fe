import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * Webhooks, managed from the account's Developer section (the session only, like API keys). Each delivery is a
 * POST of JSON `{ id, type, createdAt, data }` signed in the `Scrivo-Signature` header:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook's secret>` (docs/webhooks.md).
 */
export const WebhookEventName = z.enum(['transcription.completed', 'transcription.failed', 'summary.ready']);
export type WebhookEventName = z.infer<typeof WebhookEventName>;
export const WEBHOOK_SIGNATURE_HEADER = 'scrivo-signature';

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventName),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

export const CreateWebhookBody = z.object({
  url: z.string().trim().min(1).max(2000),
  events: z.array(WebhookEventName).min(1).max(WebhookEventName.options.length),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const CreatedWebhook = z.object({
  webhook: Webhook,
  /** The signing secret (`whsec_...`). Shown only now. */
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookDelivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  /** A webhook event name, or `webhook.test` for "Send test". */
  event: z.string(),
  scheduledAt: z.string(),
  /** `pending` while attempts remain (see `nextAttemptAt`), `delivered` after a 2xx, `failed` once given up. */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's status code at the last attempt; null when it did not answer. */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const webhookId = z.object({ webhookId: z.string().min(1).max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const webhooksContract = c.router({
  list: {
    method: 'GET',
    path: '/api/account/webhooks',
    responses: { 200: z.object({ items: z.array(Webhook) }), 401: ErrorBody },
    summary: "The caller's webhooks, newest first (never their secrets)",
  },
  create: {
    method: 'POST',
    path: '/api/account/webhooks',
    body: CreateWebhookBody,
    responses: { 201: CreatedWebhook, ...errors, 409: ErrorBody },
    summary: 'Register a receiver for events; the signing secret is in this answer only',
  },
  remove: {
    method: 'DELETE',
    path: '/api/account/webhooks/:webhookId',
    pathParams: webhookId,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors },
    summary: 'Delete a webhook: nothing more is sent to it',
  },
  deliveries: {
    method: 'GET',
    path: '/api/account/webhooks/:webhookId/deliveries',
    pathParams: webhookId,
    responses: { 200: z.object({ items: z.array(WebhookDelivery) }), ...errors },
    summary: "A webhook's deliveries, newest first (the last 100), with their status and response code",
  },
  sendTest: {
    method: 'POST',
    path: '/api/account/webhooks/:webhookId/test',
    pathParams: webhookId,
    body: c.noBody(),
    responses: { 202: WebhookDelivery, ...errors },
    summary: 'Send a sample `webhook.test` event; it is delivered (and retried) like any other',
  },
});
