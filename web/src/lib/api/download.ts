import { fileNameFromDisposition } from '../export-file';
import { HttpError } from '../http';

export interface DownloadedFile {
  readonly blob: Blob;
  /** The name the server gave it (`Content-Disposition`), if any. */
  readonly name: string | null;
}

/**
 * GETs a file the API makes (an export) whole, instead of pointing the browser at it: a refusal then shows as a
 * message (an HttpError, as from every other call) rather than as a broken download.
 */
export const fetchFile = async (url: string): Promise<DownloadedFile> => {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new HttpError(response.status, await response.text());
  return {
    blob: await response.blob(),
    name: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
};
