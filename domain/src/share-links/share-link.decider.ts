import { requireFinishedTranscript } from '../recordings/finished-transcript';
import type { RecordingStatus } from '../recordings/recording';
import type { Decider, LogDecider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { ShareLinkAccess, ShareLinkEvent, ShareLinkViewed } from './events';

export interface ShareLinkState {
  readonly exists: boolean;
  readonly linkId: string;
  readonly recordingId: string;
  readonly ownerId: string;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
}

export type ShareLinkCommand =
  | (ShareLinkAccess & {
      type: 'CreateShareLink';
      linkId: string;
      recordingId: string;
      /** The recording's status as its owner's request found it. */
      recordingStatus: RecordingStatus;
      ownerId: string;
      tokenHash: string;
      passwordHash: string | null;
      expiresAt: string | null;
      now: string;
    })
  | { type: 'RevokeShareLink'; now: string };

/** The longest a link may live when it has an expiry (links without one live until revoked). */
export const MAX_SHARE_LINK_DAYS = 366;

/** Why a link no longer opens: the same answer whether it was revoked or ran out. */
export const shareLinkGone = () =>
  new DomainError('SHARE_LINK_GONE', 'This shared link has expired or was turned off by its owner.');

/** A link is dead once revoked or past its expiry; both take effect at once. */
export const isShareLinkLive = (
  link: { readonly revokedAt: string | null; readonly expiresAt: string | null },
  now: string,
): boolean =>
  link.revokedAt === null && (link.expiresAt === null || Date.parse(link.expiresAt) > Date.parse(now));

const initialState = (): ShareLinkState => ({
  exists: false,
  linkId: '',
  recordingId: '',
  ownerId: '',
  expiresAt: null,
  revokedAt: null,
});

const validExpiry = (expiresAt: string | null, now: string): string | null => {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) throw new DomainError('VALIDATION_FAILED', 'The expiry is not a valid date.');
  if (at <= Date.parse(now)) throw new DomainError('VALIDATION_FAILED', 'The expiry must be in the future.');
  if (at - Date.parse(now) > MAX_SHARE_LINK_DAYS * 24 * 3600 * 1000)
    throw new DomainError(
      'VALIDATION_FAILED',
      `A link can expire at most ${MAX_SHARE_LINK_DAYS} days from now.`,
    );
  return new Date(at).toISOString();
};

/** One share link of one recording: created, revoked for good (its views are a log beside it: see below). */
export const shareLinkDecider: Decider<ShareLinkCommand, ShareLinkEvent, ShareLinkState> = {
  initialState,
  decide(command, state) {
    if (command.type === 'CreateShareLink') {
      if (state.exists) throw new DomainError('SHARE_LINK_EXISTS', 'This share link already exists.');
      requireFinishedTranscript(command.recordingStatus, 'shared');
      if (command.allowDownload && !command.includeMedia)
        throw new DomainError('VALIDATION_FAILED', 'Downloads need the media to be shared too.');
      return [
        {
          type: 'ShareLinkCreated',
          data: {
            linkId: command.linkId,
            recordingId: command.recordingId,
            ownerId: command.ownerId,
            tokenHash: command.tokenHash,
            passwordHash: command.passwordHash,
            includeMedia: command.includeMedia,
            allowDownload: command.allowDownload,
            expiresAt: validExpiry(command.expiresAt, command.now),
            createdAt: command.now,
          },
        },
      ];
    }
    if (!state.exists) throw new NotFoundError('Share link', state.linkId);
    // Revoking twice changes nothing: the link is already dead.
    if (state.revokedAt !== null) return [];
    return [
      {
        type: 'ShareLinkRevoked',
        data: { linkId: state.linkId, recordingId: state.recordingId, revokedAt: command.now },
      },
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ShareLinkCreated':
        return {
          exists: true,
          linkId: event.data.linkId,
          recordingId: event.data.recordingId,
          ownerId: event.data.ownerId,
          expiresAt: event.data.expiresAt,
          revokedAt: null,
        };
      case 'ShareLinkRevoked':
        return { ...state, revokedAt: event.data.revokedAt };
      case 'ShareLinkViewed':
        return state;
    }
  },
};

export interface RecordShareLinkView {
  readonly type: 'RecordShareLinkView';
  readonly linkId: string;
  readonly now: string;
}

/**
 * A visitor's view is counted, never refused: whether the link still opens was decided by the read that served the
 * page (from the read models, which a revocation holds before its owner is answered). As a log entry on the link's
 * stream, many visitors at once never conflict with each other, and a view never waits for the read models.
 */
export const shareLinkViewLog: LogDecider<RecordShareLinkView, ShareLinkViewed> = {
  kind: 'log',
  initialState: () => null,
  evolve: () => null,
  decide: ({ linkId, now }) => [{ type: 'ShareLinkViewed', data: { linkId, viewedAt: now } }],
};
