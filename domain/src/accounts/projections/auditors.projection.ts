import type { Projection } from '../../projections/projection';
import type { AuditorEvent } from '../events';
import { AUDITOR_EVENT_TYPES } from '../events';

export interface AuditorDoc {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
}

export const AUDITORS = 'auditors';

/** The auditors' directory: the auditor guard resolves sessions here, admins list auditors from it. */
export const auditorsProjection: Projection = {
  name: 'accounts.auditors',
  collections: [AUDITORS],
  eventTypes: AUDITOR_EVENT_TYPES,
  async setup(store) {
    await store.collection(AUDITORS).ensureIndex({ fields: ['email'], unique: true });
  },
  async handle(recorded, ctx) {
    const event = { type: recorded.type, data: recorded.data } as AuditorEvent;
    if (event.type === 'AuditorCreated') {
      const doc: AuditorDoc = {
        id: event.data.auditorId,
        email: event.data.email,
        createdAt: event.data.createdAt,
        lastSignInAt: null,
      };
      ctx.upsert(AUDITORS, doc);
      return;
    }
    if (event.type === 'AuditorSignedIn') {
      const current = await ctx.get<AuditorDoc>(AUDITORS, event.data.auditorId);
      if (!current) return;
      const doc: AuditorDoc = { ...current, lastSignInAt: event.data.at };
      ctx.upsert(AUDITORS, doc);
    }
  },
};
