import { Controller, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ExportFormat, ExportQuery } from '@scrivo/contracts';
import type { BlobStore } from '@scrivo/domain';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { BLOB_STORE } from '../infrastructure/tokens';
import { receiveMultipart } from './multipart-upload';
import { CreateRecordingFromFileCommand } from './commands/upload.commands';
import { attachment, CONTENT_TYPES, TranscriptExporter } from './exports/transcript-export';
import { GetRecordingQuery } from './queries/recording.queries';
import { streamMedia } from './support/media-stream';
import { RecordingAccess } from './support/recording-access';
import { parseOptions } from './support/upload-input';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';

/** The routes that are not JSON: multipart upload, media streaming with Range, and file exports. */
@Controller()
// The recordings API: the session, or an API key as a bearer token (docs/api-keys.md).
@UseGuards(UserOrApiKeyGuard)
export class MediaController {
  constructor(
    private readonly access: RecordingAccess,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly exporter: TranscriptExporter,
  ) {}

  @Post('api/recordings')
  async create(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res() res: Response) {
    await this.access.assertMinutesLeft(user);
    const upload = await receiveMultipart(req, this.access.maxUploadBytes(user));
    try {
      const options = parseOptions(upload.fields);
      const recording = await this.commands.execute(
        new CreateRecordingFromFileCommand(user, upload, {
          title: upload.fields.title,
          options,
          keepUnreadable: upload.fields.keep === 'unreadable',
          ...(upload.fields.workspaceId ? { workspaceId: upload.fields.workspaceId } : {}),
        }),
      );
      res.status(201).json(recording);
    } finally {
      await upload.cleanup();
    }
  }

  @Get('api/recordings/:id/media')
  async media(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const doc = await this.queries.execute(new GetRecordingQuery(user, id, 'read'));
    if (doc.mediaRetiredAt)
      throw new ApiError(
        410,
        'MEDIA_RETIRED',
        `The media of this recording was removed on ${doc.mediaRetiredAt.slice(0, 10)} under its workspace's retention policy; the transcript is kept.`,
      );
    if (!doc.blobKey) throw new ApiError(409, 'MEDIA_NOT_READY', 'The file has not finished uploading.');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    await streamMedia(this.blobs, doc.blobKey, doc.mimeType, req, res);
  }

  @Get('api/recordings/:id/export')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() raw: Record<string, string>,
    @Res() res: Response,
  ) {
    const parsed = ExportQuery.safeParse(raw);
    if (!parsed.success)
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        `format must be one of ${ExportFormat.options.join(', ')}; timestamps, speakers and summary true or false; language a two-letter code.`,
      );
    const { format } = parsed.data;
    const { baseName, body } = await this.exporter.render(user, id, parsed.data);
    res.setHeader('Content-Type', CONTENT_TYPES[format]);
    res.setHeader('Content-Disposition', attachment(`${baseName}.${format}`));
    res.status(200).send(body);
  }
}
