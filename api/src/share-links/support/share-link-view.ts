import type { ShareLink } from '@scrivo/contracts';
import { isShareLinkLive, type ShareLinkDoc } from '@scrivo/domain/share-links';

/** The owner's view of a link: never the token (not stored) nor the password hash. */
export const toShareLink = (doc: ShareLinkDoc, now: string): ShareLink => ({
  id: doc.id,
  includeMedia: doc.includeMedia,
  allowDownload: doc.allowDownload,
  hasPassword: doc.passwordHash !== null,
  expiresAt: doc.expiresAt,
  createdAt: doc.createdAt,
  revokedAt: doc.revokedAt,
  status: doc.revokedAt !== null ? 'revoked' : isShareLinkLive(doc, now) ? 'active' : 'expired',
  views: doc.views,
  lastViewedAt: doc.lastViewedAt,
});
