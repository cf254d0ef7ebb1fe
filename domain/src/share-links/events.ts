import type { DomainEvent } from '../kernel/events';

/** What a link lets an anonymous visitor do besides reading the transcript. */
export interface ShareLinkAccess {
  /** The player plays the recording's media through the link. */
  readonly includeMedia: boolean;
  /** The media may be downloaded as a file (only with includeMedia). */
  readonly allowDownload: boolean;
}

// ---- share link stream: `share-link-{linkId}` ----
export type ShareLinkCreated = DomainEvent<
  'ShareLinkCreated',
  ShareLinkAccess & {
    linkId: string;
    recordingId: string;
    ownerId: string;
    /** SHA-256 of the link's random token: the token itself is shown once and never stored. */
    tokenHash: string;
    /** argon2id hash of the visitor password, null when the link has none. */
    passwordHash: string | null;
    /** ISO instant after which the link is dead, null = until revoked. */
    expiresAt: string | null;
    createdAt: string;
  }
>;

export type ShareLinkRevoked = DomainEvent<
  'ShareLinkRevoked',
  { linkId: string; recordingId: string; revokedAt: string }
>;

/** Someone opened the shared page (counted once per page load). */
export type ShareLinkViewed = DomainEvent<'ShareLinkViewed', { linkId: string; viewedAt: string }>;

export type ShareLinkEvent = ShareLinkCreated | ShareLinkRevoked | ShareLinkViewed;

export const SHARE_LINK_EVENT_TYPES: readonly ShareLinkEvent['type'][] = [
  'ShareLinkCreated',
  'ShareLinkRevoked',
  'ShareLinkViewed',
];

export const shareLinkStream = (linkId: string) => `share-link-${linkId}`;
