import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { ChatSiteEvent } from '../events';
import { CHAT_SITES, type ChatSiteDoc } from './chat-read-models';

/** `chat_sites`: what the API needs to check an origin or a signature, by site key. */
export const chatSitesProjection: Projection = {
  name: 'chat-sites',
  collections: [CHAT_SITES],
  eventTypes: ['ChatSiteRegistered', 'ChatSiteOriginsChanged', 'ChatSiteSecretRotated'],
  async handle(recorded: RecordedEvent, ctx) {
    const e = { type: recorded.type, data: recorded.data } as ChatSiteEvent;
    if (e.type === 'ChatSiteRegistered') {
      const doc: ChatSiteDoc = { id: e.data.siteKey, ...e.data };
      ctx.upsert(CHAT_SITES, doc);
      return;
    }
    const site = await ctx.get<ChatSiteDoc>(CHAT_SITES, e.data.siteKey);
    if (!site) return;
    const next: ChatSiteDoc =
      e.type === 'ChatSiteOriginsChanged'
        ? { ...site, allowedOrigins: e.data.allowedOrigins }
        : { ...site, identitySecret: e.data.identitySecret };
    ctx.upsert(CHAT_SITES, next);
  },
};
