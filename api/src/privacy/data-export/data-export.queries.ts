import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DataExport } from '@scrivo/contracts';
import type { Clock, ReadModelStore } from '@scrivo/domain';
import { DATA_EXPORTS, type DataExportDoc } from '@scrivo/domain/privacy';
import { ApiError } from '../../common/api-error';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';

/** An archive as its owner sees it: past its time it is expired, whatever the sweep has done yet. */
export const toDataExport = (doc: DataExportDoc, now: Date): DataExport => {
  const expired = doc.expiresAt !== null && Date.parse(doc.expiresAt) <= now.getTime();
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
};

export const exportNotFound = () => new ApiError(404, 'NOT_FOUND', 'This archive does not exist.');

/** The caller's own archive, or 404 (another user's archive answers as one that does not exist). */
export const ownDataExport = async (
  readModels: ReadModelStore,
  userId: string,
  exportId: string,
): Promise<DataExportDoc> => {
  const doc = await readModels.collection<DataExportDoc>(DATA_EXPORTS).get(exportId);
  if (!doc || doc.userId !== userId) throw exportNotFound();
  return doc;
};

/** The caller's last ten archives, newest first. */
export class ListDataExportsQuery extends Query<{ items: DataExport[] }> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(ListDataExportsQuery)
export class ListDataExportsHandler implements IQueryHandler<ListDataExportsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId }: ListDataExportsQuery): Promise<{ items: DataExport[] }> {
    const docs = await this.readModels
      .collection<DataExportDoc>(DATA_EXPORTS)
      .find({ userId }, { sort: [{ field: 'requestedAt', direction: 'desc' }], limit: 10 });
    const now = this.clock.now();
    return { items: docs.map((doc) => toDataExport(doc, now)) };
  }
}

/** The caller's archive as stored (the download streams its blob), or 404. */
export class GetDataExportQuery extends Query<{ doc: DataExportDoc; view: DataExport }> {
  constructor(
    readonly userId: string,
    readonly exportId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDataExportQuery)
export class GetDataExportHandler implements IQueryHandler<GetDataExportQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, exportId }: GetDataExportQuery) {
    const doc = await ownDataExport(this.readModels, userId, exportId);
    return { doc, view: toDataExport(doc, this.clock.now()) };
  }
}

export const dataExportQueryHandlers = [ListDataExportsHandler, GetDataExportHandler];
