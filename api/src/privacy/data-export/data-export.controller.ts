import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import type { BlobStore } from '@scrivo/domain';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../../common/auth/guards';
import { BLOB_STORE } from '../../infrastructure/tokens';
import { exportNotFound, GetDataExportQuery, ListDataExportsQuery } from './data-export.queries';
import { RequestDataExportCommand } from './request-data-export.command';

const c = contract.privacy;

/** Download my data: ask for an archive, follow its progress, download it while the link lasts. */
@Controller()
@UseGuards(UserGuard)
export class DataExportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @TsRestHandler(c.requestDataExport)
  request(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.requestDataExport, async () => ({
      status: 202 as const,
      body: await this.commands.execute(new RequestDataExportCommand(user.id)),
    }));
  }

  @TsRestHandler(c.listDataExports)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.listDataExports, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new ListDataExportsQuery(user.id)),
    }));
  }

  /** Streams the zip itself (not JSON), so a plain route; the contract documents it. */
  @Get('api/account/exports/:id/download')
  async download(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Res() res: Response) {
    // Another user's archive answers as one that does not exist.
    const { doc, view } = await this.queries.execute(new GetDataExportQuery(user.id, id));
    // Expired: past its time, or already deleted from the blob store by the sweep.
    if (view.status === 'expired')
      throw new ApiError(
        410,
        'EXPORT_EXPIRED',
        'This download link has expired. Please ask for a new archive.',
      );
    if (doc.status !== 'ready' || !doc.blobKey) throw exportNotFound();
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
