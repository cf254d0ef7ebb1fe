import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import { SHARE_LINK_EVENT_TYPES, type ShareLinkAccess, type ShareLinkEvent } from '../events';

export const SHARE_LINKS_COLLECTION = 'share_links';

export interface ShareLinkDoc extends ShareLinkAccess {
  /** The link's id (what its owner revokes it by); never shown to visitors. */
  readonly id: string;
  readonly recordingId: string;
  readonly ownerId: string;
  /** SHA-256 of the token: a leaked read model gives no working link. */
  readonly tokenHash: string;
  readonly passwordHash: string | null;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  readonly views: number;
  readonly lastViewedAt: string | null;
  /** The stream revision last applied: a replay after a crash must not count a view twice. */
  readonly revision: number;
}

/** One document per share link, found by its token hash (visitors) or its recording (owner's list). */
export const shareLinksProjection: Projection = {
  name: 'share-links',
  collections: [SHARE_LINKS_COLLECTION],
  eventTypes: SHARE_LINK_EVENT_TYPES,
  async setup(store) {
    const links = store.collection(SHARE_LINKS_COLLECTION);
    await links.ensureIndex({ fields: ['tokenHash'], unique: true });
    await links.ensureIndex({ fields: ['recordingId', 'createdAt'] });
  },
  async handle(recorded: RecordedEvent, context) {
    const event = { type: recorded.type, data: recorded.data } as ShareLinkEvent;
    if (event.type === 'ShareLinkCreated') {
      const d = event.data;
      const doc: ShareLinkDoc = {
        id: d.linkId,
        recordingId: d.recordingId,
        ownerId: d.ownerId,
        tokenHash: d.tokenHash,
        passwordHash: d.passwordHash,
        includeMedia: d.includeMedia,
        allowDownload: d.allowDownload,
        expiresAt: d.expiresAt,
        createdAt: d.createdAt,
        revokedAt: null,
        views: 0,
        lastViewedAt: null,
        revision: recorded.streamRevision,
      };
      context.upsert(SHARE_LINKS_COLLECTION, doc);
      return;
    }
    const current = await context.get<ShareLinkDoc>(SHARE_LINKS_COLLECTION, event.data.linkId);
    if (!current || current.revision >= recorded.streamRevision) return;
    const revision = recorded.streamRevision;
    if (event.type === 'ShareLinkRevoked') {
      const revokedDoc: ShareLinkDoc = { ...current, revokedAt: event.data.revokedAt, revision };
      context.upsert(SHARE_LINKS_COLLECTION, revokedDoc);
      return;
    }
    const viewed: ShareLinkDoc = {
      ...current,
      views: current.views + 1,
      lastViewedAt: event.data.viewedAt,
      revision,
    };
    context.upsert(SHARE_LINKS_COLLECTION, viewed);
  },
};
