import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ReadModelStore } from '@scrivo/domain';
import { RECORDINGS_COLLECTION, type RecordingDoc } from '@scrivo/domain/recordings';
import { isShareLinkLive, SHARE_LINKS_COLLECTION, type ShareLinkDoc } from '@scrivo/domain/share-links';
import { ApiError } from '../../common/api-error';
import type { UserDocCore } from '../../common/auth/authenticated';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { hashShareToken, isShareTokenShaped, isUnlocked } from './share-token';

export interface OpenShare {
  readonly link: ShareLinkDoc;
  readonly recording: RecordingDoc;
}

export const shareNotFound = () =>
  new ApiError(
    404,
    'SHARE_LINK_NOT_FOUND',
    'This shared link does not exist. Check that you copied the whole address.',
  );

export const shareGone = () =>
  new ApiError(410, 'SHARE_LINK_GONE', 'This shared link has expired or was turned off by its owner.');

/** Turns a visitor's token into the link and its recording, or the reason it does not open. */
@Injectable()
export class SharedAccess {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The link, live, whatever its password (the unlock route needs it before the cookie exists). */
  async live(token: string): Promise<OpenShare> {
    if (!isShareTokenShaped(token)) throw shareNotFound();
    const [link] = await this.readModels
      .collection<ShareLinkDoc>(SHARE_LINKS_COLLECTION)
      .find({ tokenHash: hashShareToken(token) }, { limit: 1 });
    if (!link) throw shareNotFound();
    const recording = await this.readModels
      .collection<RecordingDoc>(RECORDINGS_COLLECTION)
      .get(link.recordingId);
    const owner = await this.readModels.collection<UserDocCore>('users').get(link.ownerId);
    // A deleted recording takes its links with it, at once (and a restore brings them back); so does an owner an
    // operator suspended, like their sessions and keys.
    if (
      !recording ||
      recording.deletedAt !== null ||
      !owner ||
      owner.suspended === true ||
      !isShareLinkLive(link, this.clock.now().toISOString())
    )
      throw shareGone();
    return { link, recording };
  }

  /** The link, live and unlocked (by its cookie when it has a password). */
  async open(token: string, unlockCookie: string | undefined): Promise<OpenShare> {
    const share = await this.live(token);
    const { passwordHash, id } = share.link;
    if (passwordHash !== null && !isUnlocked(unlockCookie, passwordHash, id, this.clock.now().getTime()))
      throw new ApiError(401, 'SHARE_PASSWORD_REQUIRED', 'This shared link is protected by a password.');
    return share;
  }

  now(): Date {
    return this.clock.now();
  }
}
