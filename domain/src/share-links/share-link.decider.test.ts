import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { ShareLinkEvent } from './events';
import { type ShareLinkCommand, shareLinkDecider, shareLinkViewLog } from './share-link.decider';

const spec = DeciderSpecification.for(shareLinkDecider);
const now = '2026-03-01T10:00:00.000Z';
const inAnHour = '2026-03-01T11:00:00.000Z';

const create: ShareLinkCommand = {
  type: 'CreateShareLink',
  linkId: 'l1',
  recordingId: 'r1',
  recordingStatus: 'completed',
  ownerId: 'u1',
  tokenHash: 'hash-of-token',
  passwordHash: null,
  includeMedia: true,
  allowDownload: false,
  expiresAt: inAnHour,
  now,
};
const createdData = {
  linkId: 'l1',
  recordingId: 'r1',
  ownerId: 'u1',
  tokenHash: 'hash-of-token',
  passwordHash: null,
  includeMedia: true,
  allowDownload: false,
  expiresAt: inAnHour,
  createdAt: now,
};
const created: ShareLinkEvent = { type: 'ShareLinkCreated', data: createdData };
const revokedAt = (at: string): ShareLinkEvent => ({
  type: 'ShareLinkRevoked',
  data: { linkId: 'l1', recordingId: 'r1', revokedAt: at },
});
const revoked = revokedAt(now);

describe('share link', () => {
  describe('creating', () => {
    it('records the link with its token hash, access and expiry', () =>
      spec.given([]).when(create).then([created]));

    it('keeps links without an expiry until revoked', () =>
      spec
        .given([])
        .when({ ...create, expiresAt: null })
        .then([{ type: 'ShareLinkCreated', data: { ...createdData, expiresAt: null } }]));

    it('refuses while the transcript is still being made', () =>
      spec
        .given([])
        .when({ ...create, recordingStatus: 'transcribing' })
        .thenThrows({ code: 'RECORDING_STATE_CONFLICT' }));

    it('refuses an expiry in the past', () =>
      spec
        .given([])
        .when({ ...create, expiresAt: '2026-03-01T09:59:59.000Z' })
        .thenThrows({ code: 'VALIDATION_FAILED' }));

    it('refuses an expiry more than a year ahead', () =>
      spec
        .given([])
        .when({ ...create, expiresAt: '2027-03-03T10:00:00.000Z' })
        .thenThrows({ code: 'VALIDATION_FAILED' }));

    it('refuses downloads without the media', () =>
      spec
        .given([])
        .when({ ...create, includeMedia: false, allowDownload: true })
        .thenThrows({ code: 'VALIDATION_FAILED' }));

    it('never creates the same link twice', () =>
      spec.given([created]).when(create).thenThrows({ code: 'SHARE_LINK_EXISTS' }));
  });

  describe('viewing', () => {
    const views = DeciderSpecification.for(shareLinkViewLog);
    const viewed = { type: 'ShareLinkViewed', data: { linkId: 'l1', viewedAt: now } } as const;

    it('counts every view of the page a visitor was served', () =>
      views.given([viewed]).when({ type: 'RecordShareLinkView', linkId: 'l1', now }).then([viewed]));
  });

  describe('revoking', () => {
    it('ends the link', () => spec.given([created]).when({ type: 'RevokeShareLink', now }).then([revoked]));

    it('changes nothing the second time', () =>
      spec.given([created, revoked]).when({ type: 'RevokeShareLink', now }).thenNothingHappens());

    it('ends an expired link too (it stays dead if the clock is wrong)', () =>
      spec
        .given([created])
        .when({ type: 'RevokeShareLink', now: inAnHour })
        .then([revokedAt(inAnHour)]));
  });
});
