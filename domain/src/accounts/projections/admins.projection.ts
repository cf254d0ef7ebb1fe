import type { Projection } from '../../projections/projection';
import type { AdminEvent } from '../events';
import { ADMIN_EVENT_TYPES } from '../events';

export interface AdminDoc {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
}

export const ADMINS = 'admins';

export const adminsProjection: Projection = {
  name: 'accounts.admins',
  collections: [ADMINS],
  eventTypes: ADMIN_EVENT_TYPES,
  async setup(store) {
    await store.collection(ADMINS).ensureIndex({ fields: ['email'], unique: true });
  },
  async handle(recorded, ctx) {
    const event = { type: recorded.type, data: recorded.data } as AdminEvent;
    if (event.type === 'AdminCreated') {
      const doc: AdminDoc = {
        id: event.data.adminId,
        email: event.data.email,
        createdAt: event.data.createdAt,
        lastSignInAt: null,
      };
      ctx.upsert(ADMINS, doc);
      return;
    }
    if (event.type === 'AdminSignedIn') {
      const current = await ctx.get<AdminDoc>(ADMINS, event.data.adminId);
      if (!current) return;
      const doc: AdminDoc = { ...current, lastSignInAt: event.data.at };
      ctx.upsert(ADMINS, doc);
    }
  },
};
