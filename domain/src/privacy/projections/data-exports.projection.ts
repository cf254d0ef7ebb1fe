import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { DataExportStatus } from '../data-export.decider';
import { DATA_EXPORT_EVENT_TYPES, type DataExportEvent } from '../events';

export const DATA_EXPORTS = 'data-exports';

export interface DataExportDoc {
  readonly id: string;
  readonly userId: string;
  // An erased archive has no document.
  readonly status: Exclude<DataExportStatus, 'erased'>;
  readonly progress: number;
  readonly requestedAt: string;
  readonly completedAt: string | null;
  readonly expiresAt: string | null;
  readonly sizeBytes: number | null;
  readonly blobKey: string | null;
  readonly error: string | null;
}

/** The owner's archives for /data-privacy: status, progress, and until when the download works. */
export const dataExportsProjection: Projection = {
  name: 'privacy.data-exports',
  collections: [DATA_EXPORTS],
  eventTypes: DATA_EXPORT_EVENT_TYPES,
  async setup(store) {
    await store.collection(DATA_EXPORTS).ensureIndex({ fields: ['userId', 'requestedAt'] });
  },
  async handle(recorded: RecordedEvent, ctx) {
    const event = { type: recorded.type, data: recorded.data } as DataExportEvent;
    if (event.type === 'DataExportRequested') {
      const doc: DataExportDoc = {
        id: event.data.exportId,
        userId: event.data.userId,
        status: 'building',
        progress: 0,
        requestedAt: event.data.requestedAt,
        completedAt: null,
        expiresAt: null,
        sizeBytes: null,
        blobKey: null,
        error: null,
      };
      ctx.upsert(DATA_EXPORTS, doc);
      return;
    }
    if (event.type === 'DataExportErased') {
      ctx.delete(DATA_EXPORTS, event.data.exportId);
      return;
    }
    const current = await ctx.get<DataExportDoc>(DATA_EXPORTS, event.data.exportId);
    if (!current) return;
    const put = (changes: Partial<DataExportDoc>) => ctx.upsert(DATA_EXPORTS, { ...current, ...changes });
    switch (event.type) {
      case 'DataExportProgressed':
        return put({ progress: event.data.progress });
      case 'DataExportCompleted':
        return put({
          status: 'ready',
          progress: 1,
          completedAt: event.data.completedAt,
          expiresAt: event.data.expiresAt,
          sizeBytes: event.data.sizeBytes,
          blobKey: event.data.blobKey,
        });
      case 'DataExportFailed':
        return put({ status: 'failed', error: event.data.reason });
      case 'DataExportExpired':
        return put({ status: 'expired', blobKey: null });
    }
  },
};
