import { Controller, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ExportQuery } from '@scrivo/contracts';
import type { BlobStore } from '@scrivo/domain';
import { toJson, toPlainText, toSrt, toVtt } from '@scrivo/domain/recordings';
import { summaryText } from '@scrivo/domain/summaries';
import { translatedTranscript } from '@scrivo/domain/translations';
import { GetSummaryQuery } from '../summaries/queries/summary.queries';
import { GetTranslationQuery } from '../translations/queries/translation.queries';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { BLOB_STORE } from '../infrastructure/tokens';
import { toDocx, toPdf } from './exports/document-exports';
import { receiveMultipart } from './multipart-upload';
import { CreateRecordingFromFileCommand } from './commands/upload.commands';
import { GetRecordingQuery, GetTranscriptQuery } from './queries/recording.queries';
import { streamMedia } from './support/media-stream';
import { RecordingAccess } from './support/recording-access';
import { parseOptions } from './support/upload-input';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';

const CONTENT_TYPES = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

const safeFilename = (title: string) =>
  title
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .slice(0, 80) || 'transcript';

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
  ) {}

  @Post('api/recordings')
  async create(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res() res: Response) {
    await this.access.assertMinutesLeft(user);
    const upload = await receiveMultipart(req, this.access.maxUploadBytes(user));
    try {
      const options = parseOptions(upload.fields.language, upload.fields.translate);
      const recording = await this.commands.execute(
        new CreateRecordingFromFileCommand(user, upload, { title: upload.fields.title, options }),
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
    const doc = await this.queries.execute(new GetRecordingQuery(user, id));
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
        'format must be one of txt, srt, vtt, docx, pdf, json; timestamps, speakers and summary true or false; language a two-letter code.',
      );
    const { format } = parsed.data;
    const options = { timestamps: parsed.data.timestamps ?? true, speakers: parsed.data.speakers ?? true };
    const doc = await this.queries.execute(new GetRecordingQuery(user, id));
    const {
      id: _id,
      ownerId: _owner,
      ...original
    } = await this.queries.execute(new GetTranscriptQuery(user, id));
    let transcript = original;
    if (parsed.data.language && parsed.data.language !== original.language) {
      const translation = await this.queries.execute(new GetTranslationQuery(user, id, parsed.data.language));
      if (!translation.segments)
        throw new ApiError(409, 'TRANSLATION_NOT_READY', 'This translation is not finished yet.');
      transcript = translatedTranscript(original, translation.segments, translation.target);
    }
    // JSON carries the summary whenever there is one; the documents only when asked.
    const summary =
      parsed.data.summary || format === 'json'
        ? (await this.queries.execute(new GetSummaryQuery(user, id))).content
        : null;
    if (parsed.data.summary && !summary)
      throw new ApiError(409, 'SUMMARY_NOT_READY', 'This recording has no summary yet.');
    const meta = {
      title: doc.title,
      language: transcript.language,
      durationSeconds: transcript.durationSeconds,
      recordedAt: doc.createdAt,
      summary: parsed.data.summary ? summary : null,
    };
    let body: string | Buffer;
    if (format === 'txt')
      body = `${summary && parsed.data.summary ? `${summaryText(summary)}\n\n---\n\n` : ''}${toPlainText(transcript, options)}`;
    else if (format === 'srt') body = toSrt(transcript, options);
    else if (format === 'vtt') body = toVtt(transcript, options);
    else if (format === 'json') body = summary ? toJson({ ...transcript, summary }) : toJson(transcript);
    else if (format === 'docx') body = await toDocx(transcript, meta, options);
    else body = await toPdf(transcript, meta, options, { cjk: this.access.config.SCRIVO_CJK_FONT });
    const name = `${safeFilename(doc.title)}.${format}`;
    res.setHeader('Content-Type', CONTENT_TYPES[format]);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    res.status(200).send(body);
  }
}
