import { type DownloadedFile, fetchFile } from '../../../lib/api/download';
import { type ExportChoice, exportUrl } from '../../../lib/export-file';

/** GET /api/recordings/:id/export: the transcript as a file in the chosen format. */
export const fetchExport = (recordingId: string, choice: ExportChoice): Promise<DownloadedFile> =>
  fetchFile(exportUrl(recordingId, choice));
