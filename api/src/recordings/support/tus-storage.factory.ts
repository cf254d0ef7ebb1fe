import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import { TusFileStorage } from './tus-file-storage';
import type { TusStorage } from './tus-storage';

/** The prefix of the upload objects on the bucket, beside the blob store's `recordings/...`. */
export const TUS_PREFIX = 'tus/';

/**
 * Uploads go where the blobs go: on the MinIO bucket when the blob store is MinIO (replicas share nothing else),
 * in files under the data directory otherwise. The S3 client is loaded only when configured.
 */
export const createTusStorage = async (config: AppConfig): Promise<TusStorage> => {
  if (config.SCRIVO_BLOB_STORE !== 'minio')
    return new TusFileStorage(join(config.SCRIVO_DATA_DIR, 'uploads'));
  const { TusS3Storage } = await import('./tus-s3-storage');
  return new TusS3Storage({
    url: config.MINIO_URL!,
    accessKey: config.MINIO_ACCESS_KEY!,
    secretKey: config.MINIO_SECRET_KEY!,
    bucket: config.MINIO_BUCKET,
    region: config.MINIO_REGION,
    prefix: TUS_PREFIX,
  });
};
