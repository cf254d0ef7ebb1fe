import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ShareLink, SharedRecording } from '@scrivo/contracts';
import type { PasswordHasher } from '@scrivo/domain/accounts';
import type { ReadModelStore } from '@scrivo/domain';
import { TRANSCRIPTS_COLLECTION, type TranscriptDoc } from '@scrivo/domain/recordings';
import { SHARE_LINKS_COLLECTION, type ShareLinkDoc } from '@scrivo/domain/share-links';
import { PASSWORD_HASHER } from '../../accounts/tokens';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { READ_MODELS } from '../../infrastructure/tokens';
import { RecordingAccess } from '../../recordings/support/recording-access';
import { SharedAccess, shareGone } from '../support/shared-access';
import { toShareLink } from '../support/share-link-view';
import { unlockCookieValue } from '../support/share-token';
import { ShareUnlockLimiter } from '../support/unlock-rate-limit';

export class ListShareLinksQuery extends Query<{ items: ShareLink[] }> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
  ) {
    super();
  }
}

@QueryHandler(ListShareLinksQuery)
export class ListShareLinksHandler implements IQueryHandler<ListShareLinksQuery> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly shared: SharedAccess,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, recordingId }: ListShareLinksQuery): Promise<{ items: ShareLink[] }> {
    await this.access.owned(user, recordingId, 'uploader');
    const docs = await this.readModels.collection<ShareLinkDoc>(SHARE_LINKS_COLLECTION).find(
      { recordingId, ownerId: user.id },
      {
        sort: [
          { field: 'createdAt', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ],
        limit: 500,
      },
    );
    const now = this.shared.now().toISOString();
    return { items: docs.map((d) => toShareLink(d, now)) };
  }
}

/** The shared page's content: the link's id (to count the view) stays on the server. */
export class GetSharedRecordingQuery extends Query<{ linkId: string; body: SharedRecording }> {
  constructor(
    readonly token: string,
    readonly unlockCookie: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetSharedRecordingQuery)
export class GetSharedRecordingHandler implements IQueryHandler<GetSharedRecordingQuery> {
  constructor(
    private readonly shared: SharedAccess,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ token, unlockCookie }: GetSharedRecordingQuery) {
    const { link, recording } = await this.shared.open(token, unlockCookie);
    const transcript = await this.readModels
      .collection<TranscriptDoc>(TRANSCRIPTS_COLLECTION)
      .get(recording.id);
    if (!transcript) throw shareGone();
    const media =
      link.includeMedia && recording.blobKey !== null && recording.mediaKind !== null
        ? {
            kind: recording.mediaKind,
            mimeType: recording.mimeType ?? 'application/octet-stream',
            sizeBytes: recording.sizeBytes,
            downloadAllowed: link.allowDownload,
          }
        : null;
    // Picked field by field: the owner's ids and anything else on the documents stay out.
    const body: SharedRecording = {
      title: recording.title,
      transcript: {
        language: transcript.language,
        languageProbability: transcript.languageProbability,
        durationSeconds: transcript.durationSeconds,
        text: transcript.text,
        segments: transcript.segments.map((s) => ({
          id: s.id,
          start: s.start,
          end: s.end,
          text: s.text,
          speaker: s.speaker,
          words: s.words.map((w) => ({
            start: w.start,
            end: w.end,
            text: w.text,
            probability: w.probability,
          })),
          // The page marks these as on the owner's page; absent on older transcripts, so left out then.
          ...(s.language === undefined ? {} : { language: s.language }),
          ...(s.confidence === undefined ? {} : { confidence: s.confidence }),
          ...(s.lowConfidence === undefined ? {} : { lowConfidence: s.lowConfidence }),
        })),
        // Who speaks when, for the same lanes as the owner's page; only on transcripts that have one.
        ...(transcript.speakerTimeline
          ? {
              speakerTimeline: transcript.speakerTimeline.map((t) => ({
                speaker: t.speaker,
                start: t.start,
                end: t.end,
              })),
            }
          : {}),
        engine: transcript.engine,
        createdAt: transcript.createdAt,
      },
      media,
      expiresAt: link.expiresAt,
    };
    return { linkId: link.id, body };
  }
}

/** Checks a protected link's password; answers the cookie that unlocks it for a while. */
export class UnlockShareQuery extends Query<{ cookie: string }> {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}

@QueryHandler(UnlockShareQuery)
export class UnlockShareHandler implements IQueryHandler<UnlockShareQuery> {
  constructor(
    private readonly shared: SharedAccess,
    private readonly limiter: ShareUnlockLimiter,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ token, password, ip }: UnlockShareQuery): Promise<{ cookie: string }> {
    const { link } = await this.shared.live(token);
    if (link.passwordHash === null)
      throw new ApiError(400, 'SHARE_HAS_NO_PASSWORD', 'This shared link has no password.');
    await this.limiter.hit(ip, link.id);
    if (!(await this.hasher.verify(link.passwordHash, password)))
      throw new ApiError(401, 'SHARE_PASSWORD_WRONG', 'That password is not right.');
    return { cookie: unlockCookieValue(link.passwordHash, link.id, this.shared.now().getTime()) };
  }
}

export const shareLinkQueryHandlers = [ListShareLinksHandler, GetSharedRecordingHandler, UnlockShareHandler];
