import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreatedShareLink, CreateShareLinkBody, ShareLink } from '@scrivo/contracts';
import { type Ids, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import type { PasswordHasher } from '@scrivo/domain/accounts';
import {
  SHARE_LINKS_COLLECTION,
  type ShareLinkDoc,
  shareLinkDecider,
  shareLinkStream,
  shareLinkViewLog,
} from '@scrivo/domain/share-links';
import { PASSWORD_HASHER } from '../../accounts/tokens';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { RecordingAccess } from '../../recordings/support/recording-access';
import { toShareLink } from '../support/share-link-view';
import { newShareToken } from '../support/share-token';
import { SHARE_PAGE_PREFIX } from '@scrivo/contracts';

const linkDoc = async (readModels: ReadModelStore, linkId: string): Promise<ShareLinkDoc> => {
  const doc = await readModels.collection<ShareLinkDoc>(SHARE_LINKS_COLLECTION).get(linkId);
  if (!doc) throw new NotFoundError('Share link', linkId);
  return doc;
};

export class CreateShareLinkCommand extends Command<CreatedShareLink> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly body: CreateShareLinkBody,
  ) {
    super();
  }
}

@CommandHandler(CreateShareLinkCommand)
export class CreateShareLinkHandler implements ICommandHandler<CreateShareLinkCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, recordingId, body }: CreateShareLinkCommand): Promise<CreatedShareLink> {
    const recording = await this.access.owned(user, recordingId, 'uploader');
    const linkId = this.ids.next();
    const { token, hash } = newShareToken();
    const passwordHash = body.password === undefined ? null : await this.hasher.hash(body.password);
    await this.runner.run(
      shareLinkDecider,
      shareLinkStream(linkId),
      {
        type: 'CreateShareLink',
        linkId,
        recordingId,
        recordingStatus: recording.status,
        ownerId: user.id,
        tokenHash: hash,
        passwordHash,
        includeMedia: body.includeMedia,
        allowDownload: body.allowDownload,
        expiresAt: body.expiresAt ?? null,
        now: this.runner.now(),
      },
      { actor: this.access.actor(user) },
    );
    const link = toShareLink(await linkDoc(this.readModels, linkId), this.runner.now());
    return { link, token, url: `${this.config.SCRIVO_PUBLIC_URL}${SHARE_PAGE_PREFIX}${token}` };
  }
}

export class RevokeShareLinkCommand extends Command<ShareLink> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly linkId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeShareLinkCommand)
export class RevokeShareLinkHandler implements ICommandHandler<RevokeShareLinkCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, recordingId, linkId }: RevokeShareLinkCommand): Promise<ShareLink> {
    await this.access.owned(user, recordingId, 'uploader');
    const doc = await linkDoc(this.readModels, linkId);
    // Another recording's link (even the caller's own) is not found under this one.
    if (doc.recordingId !== recordingId || doc.ownerId !== user.id)
      throw new NotFoundError('Share link', linkId);
    await this.runner.run(
      shareLinkDecider,
      shareLinkStream(linkId),
      { type: 'RevokeShareLink', now: this.runner.now() },
      { actor: this.access.actor(user) },
    );
    return toShareLink(await linkDoc(this.readModels, linkId), this.runner.now());
  }
}

/** A visitor opened the shared page (the actor is the anonymous visitor of the request). */
export class RecordShareViewCommand extends Command<void> {
  constructor(readonly linkId: string) {
    super();
  }
}

@CommandHandler(RecordShareViewCommand)
export class RecordShareViewHandler implements ICommandHandler<RecordShareViewCommand> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ linkId }: RecordShareViewCommand): Promise<void> {
    await this.runner.record(shareLinkViewLog, shareLinkStream(linkId), {
      type: 'RecordShareLinkView',
      linkId,
      now: this.runner.now(),
    });
  }
}

export const shareLinkCommandHandlers = [
  CreateShareLinkHandler,
  RevokeShareLinkHandler,
  RecordShareViewHandler,
];
