import type { BlobStore, ReadModelStore } from '@scrivo/domain';
import {
  DATA_EXPORTS,
  type DataExportDoc,
  dataExportDecider,
  dataExportStream,
} from '@scrivo/domain/privacy';
import type { StreamRunner } from '../../infrastructure/stream-runner';

const actor = { kind: 'system' as const, id: 'data-export-expiry' };

/**
 * Deletes the archives whose download link has expired from the blob store (a "Download my data" zip holds
 * everything the account holds; it must not outlive its 24 hours), then records `DataExportExpired`. The blob
 * goes first: a crash in between leaves the archive listed as ready, and the next sweep deletes nothing more and
 * records it. Runs every SCRIVO_EXPORT_EXPIRY_INTERVAL_MS where the projections run.
 */
export const sweepExpiredExports = async (
  deps: { readonly readModels: ReadModelStore; readonly blobs: BlobStore; readonly runner: StreamRunner },
  now: Date,
): Promise<number> => {
  const due = await deps.readModels
    .collection<DataExportDoc>(DATA_EXPORTS)
    .find({ status: 'ready', expiresAt: { $lte: now.toISOString() } });
  for (const doc of due) {
    if (doc.blobKey) await deps.blobs.delete(doc.blobKey);
    await deps.runner.run(
      dataExportDecider,
      dataExportStream(doc.id),
      { type: 'ExpireDataExport', at: now.toISOString() },
      { actor },
    );
  }
  return due.length;
};
