import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract, type DataExport } from '@scrivo/contracts';
import type { BlobStore, Clock, ReadModelStore } from '@scrivo/domain';
import { DATA_EXPORTS, type DataExportDoc } from '@scrivo/domain/privacy';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../../common/auth/guards';
import { BLOB_STORE, CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { RequestDataExportCommand } from './request-data-export.command';

const c = contract.privacy;
const notFound = () => new ApiError(404, 'NOT_FOUND', 'This archive does not exist.');

/** Download my data: ask for an archive, follow its progress, download it while the link lasts. */
@Controller()
@UseGuards(UserGuard)
export class DataExportController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get exports() {
    return this.readModels.collection<DataExportDoc>(DATA_EXPORTS);
  }

  private view(doc: DataExportDoc): DataExport {
    const expired = doc.expiresAt !== null && Date.parse(doc.expiresAt) <= this.clock.now().getTime();
    return {
      id: doc.id,
      status: expired ? 'expired' : doc.status,
      progress: doc.progress,
      requestedAt: doc.requestedAt,
      completedAt: doc.completedAt,
      expiresAt: doc.expiresAt,
      sizeBytes: doc.sizeBytes,
      downloadUrl: doc.status === 'ready' && !expired ? `/api/account/exports/${doc.id}/download` : null,
      error: doc.error,
    };
  }

  @TsRestHandler(c.requestDataExport)
  request(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.requestDataExport, async () => {
      const exportId = await this.commands.execute(new RequestDataExportCommand(user.id));
      const doc = await this.exports.get(exportId);
      if (!doc) throw notFound();
      return { status: 202 as const, body: this.view(doc) };
    });
  }

  @TsRestHandler(c.listDataExports)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.listDataExports, async () => {
      const docs = await this.exports.find(
        { userId: user.id },
        { sort: [{ field: 'requestedAt', direction: 'desc' }], limit: 10 },
      );
      return { status: 200 as const, body: { items: docs.map((d) => this.view(d)) } };
    });
  }

  /** Streams the zip itself (not JSON), so a plain route; the contract documents it. */
  @Get('api/account/exports/:id/download')
  async download(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Res() res: Response) {
    const doc = await this.exports.get(id);
    // Another user's archive answers as one that does not exist.
    if (!doc || doc.userId !== user.id) throw notFound();
    // Expired: past its time, or already deleted from the blob store by the sweep.
    if (this.view(doc).status === 'expired')
      throw new ApiError(
        410,
        'EXPORT_EXPIRED',
        'This download link has expired. Please ask for a new archive.',
      );
    if (doc.status !== 'ready' || !doc.blobKey) throw notFound();
    const body = await this.blobs.get(doc.blobKey);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(body.length));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="scrivo-data-${doc.requestedAt.slice(0, 10)}.zip"`,
    );
    for await (const chunk of body.body) {
      if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      if (res.destroyed) return;
    }
    res.end();
  }
}
