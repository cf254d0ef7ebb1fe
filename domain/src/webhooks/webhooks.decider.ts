import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookEventName } from './events';

export interface WebhookEndpoint {
  readonly webhookId: string;
  readonly url: string;
  readonly events: readonly WebhookEventName[];
  readonly secret: string;
  readonly createdAt: string;
}

export interface WebhooksState {
  readonly userId: string;
  readonly endpoints: readonly WebhookEndpoint[];
}

export type WebhooksCommand =
  | {
      type: 'CreateWebhook';
      webhookId: string;
      userId: string;
      url: string;
      events: readonly WebhookEventName[];
      secret: string;
      now: string;
    }
  | { type: 'DeleteWebhook'; webhookId: string; now: string };

export const MAX_WEBHOOKS_PER_USER = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** http(s), a host without user name or password, an optional port, then anything without spaces. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

const cleanUrl = (raw: string): string => {
  const url = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url))
    throw new DomainError('VALIDATION_FAILED', 'Put no user name or password in a webhook address.');
  if (!/^https?:\/\//i.test(url))
    throw new DomainError('VALIDATION_FAILED', 'A webhook address starts with https:// (or http://).');
  if (!WEB_ADDRESS.test(url))
    throw new DomainError(
      'VALIDATION_FAILED',
      'Give the full address of the receiver, e.g. https://example.com/hook.',
    );
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    throw new DomainError(
      'VALIDATION_FAILED',
      `A webhook address can be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`,
    );
  return url;
};

const cleanEvents = (events: readonly WebhookEventName[]): WebhookEventName[] => {
  const chosen = WEBHOOK_EVENTS.filter((e) => events.includes(e));
  if (chosen.length === 0) throw new DomainError('VALIDATION_FAILED', 'Choose at least one event.');
  return chosen;
};

/** A user's webhook endpoints: added with their events and secret, deleted for good. */
export const webhooksDecider: Decider<WebhooksCommand, WebhookEvent, WebhooksState> = {
  initialState: () => ({ userId: '', endpoints: [] }),
  decide(command, state) {
    if (command.type === 'CreateWebhook') {
      if (state.endpoints.some((e) => e.webhookId === command.webhookId)) return [];
      if (state.endpoints.length >= MAX_WEBHOOKS_PER_USER)
        throw new DomainError('WEBHOOK_LIMIT', `At most ${MAX_WEBHOOKS_PER_USER} webhooks per account.`);
      return [
        {
          type: 'WebhookCreated',
          data: {
            webhookId: command.webhookId,
            userId: command.userId,
            url: cleanUrl(command.url),
            events: cleanEvents(command.events),
            secret: command.secret,
            createdAt: command.now,
          },
        },
      ];
    }
    if (!state.endpoints.some((e) => e.webhookId === command.webhookId))
      throw new NotFoundError('Webhook', command.webhookId);
    return [
      {
        type: 'WebhookDeleted',
        data: { webhookId: command.webhookId, userId: state.userId, at: command.now },
      },
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookCreated': {
        const { webhookId, userId, url, events, secret, createdAt } = event.data;
        return { userId, endpoints: [...state.endpoints, { webhookId, url, events, secret, createdAt }] };
      }
      case 'WebhookDeleted':
        return { ...state, endpoints: state.endpoints.filter((e) => e.webhookId !== event.data.webhookId) };
    }
  },
};
