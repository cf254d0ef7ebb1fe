import { Controller, Get, Inject, Param, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import type { BlobStore } from '@scrivo/domain';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { BLOB_STORE } from '../infrastructure/tokens';
import { streamMedia } from '../recordings/support/media-stream';
import { RecordShareViewCommand } from './commands/share-link.commands';
import { GetSharedRecordingQuery, UnlockShareQuery } from './queries/share-link.queries';
import { SharedAccess } from './support/shared-access';
import { SHARE_UNLOCK_COOKIE, SHARE_UNLOCK_SECONDS, shareApiPath } from './support/share-token';
import { NoIndex } from './support/no-index';

const s = contract.shareLinks;

const unlockCookieOf = (req: Request): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[SHARE_UNLOCK_COOKIE];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The visitor's side: no account, the token is the only handle. Every answer (errors too) says noindex, is never
 * cached by shared caches, and names nothing of the owner but the recording's title and transcript.
 */
@Controller()
@UseInterceptors(NoIndex)
export class SharedController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly shared: SharedAccess,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @TsRestHandler(s.get)
  get(@Req() req: Request) {
    return tsRestHandler(s.get, async ({ params }) => {
      const { linkId, body } = await this.queries.execute(
        new GetSharedRecordingQuery(params.token, unlockCookieOf(req)),
      );
      await this.commands.execute(new RecordShareViewCommand(linkId));
      return { status: 200 as const, body };
    });
  }

  @TsRestHandler(s.unlock)
  unlock(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(s.unlock, async ({ params, body }) => {
      const { cookie } = await this.queries.execute(
        new UnlockShareQuery(params.token, body.password, req.ip ?? 'unknown'),
      );
      res.cookie(SHARE_UNLOCK_COOKIE, cookie, {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.config.SCRIVO_PUBLIC_URL.startsWith('https://'),
        path: shareApiPath(params.token),
        maxAge: SHARE_UNLOCK_SECONDS * 1000,
      });
      return { status: 204 as const, body: undefined };
    });
  }

  @Get('api/shared/:token/media')
  async media(
    @Param('token') token: string,
    @Query('download') download: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const { link, recording } = await this.shared.open(token, unlockCookieOf(req));
    if (!link.includeMedia)
      throw new ApiError(403, 'SHARE_MEDIA_NOT_SHARED', 'The media of this recording is not shared.');
    if (recording.blobKey === null)
      throw new ApiError(404, 'NOT_FOUND', 'The media of this recording is no longer available.');
    const wantsFile = download === 'true';
    if (wantsFile && !link.allowDownload)
      throw new ApiError(403, 'SHARE_DOWNLOAD_NOT_ALLOWED', 'Downloading is not allowed for this link.');
    // Only the extension of the owner's file name: the name itself may say more than the owner shared.
    const extension = /\.([A-Za-z0-9]{1,5})$/.exec(recording.originalFilename ?? '')?.[1];
    const filename = `recording${extension ? `.${extension.toLowerCase()}` : ''}`;
    res.setHeader('Content-Disposition', wantsFile ? `attachment; filename="${filename}"` : 'inline');
    await streamMedia(this.blobs, recording.blobKey, recording.mimeType, req, res);
  }
}
