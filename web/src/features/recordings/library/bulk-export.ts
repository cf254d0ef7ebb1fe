import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';
import { HttpError } from '../../../lib/http';
import { fileNameFromDisposition } from '../../../lib/export-file';

const bulkExportUrl = (recordingIds: readonly string[], format: ExportFormat): string =>
  `/api/library/export?${new URLSearchParams({ ids: recordingIds.join(','), format })}`;

/** Fetches the zip (so a refusal shows as a message, not a broken download) and saves it under its name. */
export const downloadZip = async (recordingIds: readonly string[], format: ExportFormat): Promise<void> => {
  const response = await fetch(bulkExportUrl(recordingIds, format), { credentials: 'include' });
  if (!response.ok) throw new HttpError(response.status, await response.text());
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? 'Scrivo transcripts.zip';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
