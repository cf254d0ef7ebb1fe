import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { InvitationEvent } from '../events';

/** The `invitations` read model: the addresses invited to sign up and not revoked (document id = the address). */
export interface InvitationDoc {
  readonly id: string;
  readonly email: string;
  /** Who invited it, as the console shows (the admin's email, or "cli"). */
  readonly invitedBy: string;
  readonly invitedAt: string;
}

export const INVITATIONS = 'invitations';

export const invitationsProjection: Projection = {
  name: 'accounts.invitations',
  collections: [INVITATIONS],
  eventTypes: ['UserInvited', 'UserInvitationRevoked'],
  async setup(store) {
    await store.collection(INVITATIONS).ensureIndex({ fields: ['invitedAt'] });
  },
  handle(recorded: RecordedEvent, ctx) {
    const event = { type: recorded.type, data: recorded.data } as InvitationEvent;
    if (event.type === 'UserInvited') {
      const doc: InvitationDoc = {
        id: event.data.email,
        email: event.data.email,
        invitedBy: event.data.by.label,
        invitedAt: event.data.invitedAt,
      };
      ctx.upsert(INVITATIONS, doc);
      return;
    }
    ctx.delete(INVITATIONS, event.data.email);
  },
};
