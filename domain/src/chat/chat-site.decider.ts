import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { ChatSiteEvent } from './events';
import { isOrigin } from './rules';

export interface ChatSiteState {
  readonly exists: boolean;
  readonly siteKey: string | null;
  readonly allowedOrigins: readonly string[];
}

export type ChatSiteCommand =
  | {
      readonly type: 'RegisterSite';
      readonly siteKey: string;
      readonly name: string;
      readonly allowedOrigins: readonly string[];
      readonly identitySecret: string;
      readonly at: string;
    }
  | { readonly type: 'ChangeAllowedOrigins'; readonly allowedOrigins: readonly string[]; readonly at: string }
  | { readonly type: 'RotateIdentitySecret'; readonly identitySecret: string; readonly at: string };

const SITE_KEY = /^[A-Za-z0-9_-]{6,64}$/;
const MIN_SECRET_LENGTH = 16;

const origins = (list: readonly string[]): string[] => {
  const cleaned = [...new Set(list.map((o) => o.trim().replace(/\/$/, '').toLowerCase()))];
  if (cleaned.length === 0)
    throw new DomainError('INVALID_ORIGINS', 'A site needs at least one allowed origin.');
  const bad = cleaned.filter((o) => !isOrigin(o));
  if (bad.length)
    throw new DomainError('INVALID_ORIGINS', `Not an origin (scheme://host[:port]): ${bad.join(', ')}`, {
      invalid: bad,
    });
  return cleaned;
};

const secret = (value: string): string => {
  if (value.length < MIN_SECRET_LENGTH)
    throw new DomainError(
      'WEAK_SECRET',
      `The identity secret must be at least ${MIN_SECRET_LENGTH} characters long.`,
    );
  return value;
};

/** A site that embeds the widget: its public key, the origins allowed to embed it and its identity secret. */
export const chatSiteDecider: Decider<ChatSiteCommand, ChatSiteEvent, ChatSiteState> = {
  initialState: () => ({ exists: false, siteKey: null, allowedOrigins: [] }),
  decide(command, state) {
    if (command.type === 'RegisterSite') {
      if (state.exists) throw new DomainError('SITE_EXISTS', 'A site with this key already exists.');
      if (!SITE_KEY.test(command.siteKey))
        throw new DomainError('INVALID_SITE_KEY', 'A site key is 6 to 64 letters, digits, "-" or "_".');
      const name = command.name.trim();
      if (!name) throw new DomainError('VALIDATION_FAILED', 'A site needs a name.');
      return [
        {
          type: 'ChatSiteRegistered',
          data: {
            siteKey: command.siteKey,
            name,
            allowedOrigins: origins(command.allowedOrigins),
            identitySecret: secret(command.identitySecret),
            registeredAt: command.at,
          },
        },
      ];
    }
    if (!state.exists || !state.siteKey) throw new NotFoundError('Site', '');
    const siteKey = state.siteKey;
    if (command.type === 'ChangeAllowedOrigins') {
      const next = origins(command.allowedOrigins);
      if (next.length === state.allowedOrigins.length && next.every((o) => state.allowedOrigins.includes(o)))
        return [];
      return [{ type: 'ChatSiteOriginsChanged', data: { siteKey, allowedOrigins: next, at: command.at } }];
    }
    return [
      {
        type: 'ChatSiteSecretRotated',
        data: { siteKey, identitySecret: secret(command.identitySecret), at: command.at },
      },
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ChatSiteRegistered':
        return { exists: true, siteKey: event.data.siteKey, allowedOrigins: event.data.allowedOrigins };
      case 'ChatSiteOriginsChanged':
        return { ...state, allowedOrigins: event.data.allowedOrigins };
      default:
        return state;
    }
  },
};
