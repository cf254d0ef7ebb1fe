import type { BlobStore } from '@scrivo/domain';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/api-error';

/**
 * Streams a stored media file with Range support (206 partial content), so players can seek. Shared by the
 * owner's media route and the share-link media route.
 */
export const streamMedia = async (
  blobs: BlobStore,
  blobKey: string,
  mimeType: string | null,
  req: Request,
  res: Response,
): Promise<void> => {
  const stat = await blobs.stat(blobKey);
  if (!stat) throw new ApiError(404, 'NOT_FOUND', 'The media file is missing.');
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', mimeType ?? 'application/octet-stream');
  let start = 0;
  let end = stat.size - 1;
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
    } else {
      start = Math.max(0, stat.size - Number(range[2]));
    }
    if (start >= stat.size || start > end) {
      res.setHeader('Content-Range', `bytes */${stat.size}`);
      throw new ApiError(416, 'RANGE_NOT_SATISFIABLE', 'The requested byte range is outside the file.');
    }
    res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`);
  } else res.status(200);
  const body = await blobs.get(blobKey, { start, end });
  res.setHeader('Content-Length', String(body.length));
  for await (const chunk of body.body) {
    if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    if (res.destroyed) return;
  }
  res.end();
};
