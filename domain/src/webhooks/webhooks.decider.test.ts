import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { WebhookEvent } from './events';
import { type WebhooksCommand, webhooksDecider } from './webhooks.decider';

const spec = DeciderSpecification.for(webhooksDecider);
const now = '2026-03-01T10:00:00.000Z';

const create: WebhooksCommand = {
  type: 'CreateWebhook',
  webhookId: 'w1',
  userId: 'u1',
  url: ' https://example.com/hooks/scrivo ',
  events: ['transcription.failed', 'transcription.completed'],
  secret: 'whsec_1',
  now,
};
const created: WebhookEvent = {
  type: 'WebhookCreated',
  data: {
    webhookId: 'w1',
    userId: 'u1',
    url: 'https://example.com/hooks/scrivo',
    events: ['transcription.completed', 'transcription.failed'],
    secret: 'whsec_1',
    createdAt: now,
  },
};

describe('webhooks of a user', () => {
  it('registers an address for the chosen events, in a stable order, with its secret', () =>
    spec.given([]).when(create).then([created]));

  it('creating the same webhook again changes nothing', () => spec.given([created]).when(create).then([]));

  it('takes only http(s) addresses without credentials', () => {
    spec
      .given([])
      .when({ ...create, url: 'ftp://example.com/x' })
      .thenThrows({ code: 'VALIDATION_FAILED' });
    spec
      .given([])
      .when({ ...create, url: 'not a url' })
      .thenThrows({ code: 'VALIDATION_FAILED' });
    spec
      .given([])
      .when({ ...create, url: 'https://user:pw@example.com/' })
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });

  it('needs at least one event', () =>
    spec
      .given([])
      .when({ ...create, events: [] })
      .thenThrows({ code: 'VALIDATION_FAILED' }));

  it('deletes a webhook, and a deleted or unknown one is not found', () => {
    const deleted: WebhookEvent = {
      type: 'WebhookDeleted',
      data: { webhookId: 'w1', userId: 'u1', at: now },
    };
    spec.given([created]).when({ type: 'DeleteWebhook', webhookId: 'w1', now }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteWebhook', webhookId: 'w1', now })
      .thenThrows({ code: 'NOT_FOUND' });
  });
});
