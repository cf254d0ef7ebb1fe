import type { AccountErased } from '../../accounts/events';
import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import { API_KEY_EVENT_TYPES, type ApiKeyEvent, type ApiKeyScope } from '../events';

export const API_KEYS_COLLECTION = 'api_keys';

export interface ApiKeyDoc {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly scopes: readonly ApiKeyScope[];
  /** SHA-256 of the secret: a leaked read model gives no working key. */
  readonly keyHash: string;
  readonly prefix: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  readonly lastUsedAt: string | null;
}

/** One document per key, found by its hash (each API request) or its user (the Developer section). */
export const apiKeysProjection: Projection = {
  name: 'api-keys',
  collections: [API_KEYS_COLLECTION],
  // An erased account's keys go with it: their names are the person's words, and none may sign in again.
  eventTypes: [...API_KEY_EVENT_TYPES, 'AccountErased'],
  async setup(store) {
    const keys = store.collection(API_KEYS_COLLECTION);
    await keys.ensureIndex({ fields: ['keyHash'], unique: true });
    await keys.ensureIndex({ fields: ['userId', 'createdAt'] });
  },
  async handle(recorded: RecordedEvent, context) {
    if (recorded.type === 'AccountErased') {
      const { userId } = recorded.data as AccountErased['data'];
      for (const { id } of await context.find(API_KEYS_COLLECTION, { userId }))
        context.delete(API_KEYS_COLLECTION, id);
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as ApiKeyEvent;
    if (event.type === 'ApiKeyCreated') {
      const d = event.data;
      const doc: ApiKeyDoc = {
        id: d.keyId,
        userId: d.userId,
        name: d.name,
        scopes: d.scopes,
        keyHash: d.keyHash,
        prefix: d.prefix,
        createdAt: d.createdAt,
        revokedAt: null,
        lastUsedAt: null,
      };
      context.upsert(API_KEYS_COLLECTION, doc);
      return;
    }
    const current = await context.get<ApiKeyDoc>(API_KEYS_COLLECTION, event.data.keyId);
    if (!current) return;
    // Whole-document upserts of values carried by the event: replaying one leaves the document as it was.
    const next: ApiKeyDoc =
      event.type === 'ApiKeyRevoked'
        ? { ...current, revokedAt: event.data.revokedAt }
        : { ...current, lastUsedAt: event.data.usedAt };
    context.upsert(API_KEYS_COLLECTION, next);
  },
};
