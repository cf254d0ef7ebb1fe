import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';
import { saveFile } from '../../../lib/export-file';
import { fetchLibraryExport } from '../api/library';

/** Fetches the zip (so a refusal shows as a message, not a broken download) and saves it under its name. */
export const downloadZip = async (recordingIds: readonly string[], format: ExportFormat): Promise<void> => {
  const file = await fetchLibraryExport(recordingIds, format);
  saveFile(file.blob, file.name ?? 'Scrivo transcripts.zip');
};
