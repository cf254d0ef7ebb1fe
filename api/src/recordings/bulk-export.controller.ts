import { once } from 'node:events';
import { Controller, Get, Inject, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BulkExportQuery, ExportFormat, MAX_BULK_EXPORT } from '@scrivo/contracts';
import type { Response } from 'express';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { ZipStream } from '../privacy/data-export/zip-stream';
import { attachment, safeFilename, TranscriptExporter } from './exports/transcript-export';
import { GetRecordingQuery } from './queries/recording.queries';

/** "Notes", "Notes" -> "Notes.pdf", "Notes (2).pdf": two recordings with one title both reach the zip. */
const uniqueNames = (names: readonly string[], extension: string): string[] => {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? `${name}.${extension}` : `${name} (${count}).${extension}`;
  });
};

/**
 * GET /api/library/export (contract `library.exportZip`): a plain route, like the single export, because
 * ts-rest answers with whole bodies and this one is a zip streamed entry by entry (fflate, as the data export).
 * Everything that can be refused is checked before the first byte, so a refusal is a JSON error, not a broken zip.
 */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class BulkExportController {
  constructor(
    private readonly queries: QueryBus,
    private readonly exporter: TranscriptExporter,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  @Get('api/library/export')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Query() raw: Record<string, string>,
    @Res() res: Response,
  ) {
    const parsed = BulkExportQuery.safeParse(raw);
    if (!parsed.success)
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        `ids must list 1 to ${MAX_BULK_EXPORT} recording ids separated by commas; format one of ${ExportFormat.options.join(', ')}; timestamps and speakers true or false.`,
      );
    const { ids, ...request } = parsed.data;
    // Each id is looked up as the caller's: another user's is a 404 like an unknown one.
    const docs = [];
    for (const id of ids) docs.push(await this.queries.execute(new GetRecordingQuery(user, id, 'export')));
    const untranscribed = docs.filter((d) => d.status !== 'completed');
    if (untranscribed.length)
      throw new ApiError(
        409,
        'TRANSCRIPT_NOT_READY',
        `${untranscribed.map((d) => `“${d.title}”`).join(', ')} ${untranscribed.length === 1 ? 'has' : 'have'} no transcript yet; leave ${untranscribed.length === 1 ? 'it' : 'them'} out of the export.`,
        { ids: untranscribed.map((d) => d.id) },
      );

    const names = uniqueNames(
      docs.map((d) => safeFilename(d.title)),
      request.format,
    );
    const zip = new ZipStream();
    // One recording rendered at a time while the zip is read out: memory holds one document, not fifty.
    const written = (async () => {
      for (const [i, doc] of docs.entries()) {
        const { body } = await this.exporter.render(user, doc.id, request);
        if (typeof body === 'string') zip.addText(names[i]!, body);
        // PDF and DOCX are compressed already: stored as they are.
        else
          await zip.addStream(
            names[i]!,
            (async function* () {
              yield new Uint8Array(body);
            })(),
          );
      }
      zip.end();
    })().catch((error: unknown) => zip.abort(error instanceof Error ? error : new Error(String(error))));

    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', attachment(`Scrivo transcripts (${docs.length}).zip`));
    res.status(200);
    try {
      for await (const chunk of zip.bytes()) if (!res.write(chunk)) await once(res, 'drain');
      res.end();
    } catch (error) {
      // The headers are gone: cutting the connection is how the client learns the zip is not whole.
      this.logger.error({ err: error }, 'bulk export failed midway');
      res.destroy();
    }
    await written;
  }
}
