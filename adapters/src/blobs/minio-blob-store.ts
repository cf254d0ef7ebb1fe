import { Client, S3Error } from 'minio';
import { Readable } from 'node:stream';
import {
  type BlobBody,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  NotFoundError,
  type PutOptions,
} from '@scrivo/domain';
import { assertValidBlobKey, resolveRange } from './blob-rules';

export interface MinioBlobStoreOptions {
  /** The S3 endpoint, e.g. http://minio:9000. */
  readonly url: string;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
  readonly region?: string;
  /**
   * Part size for multipart uploads of streams, which bounds what one put holds in memory (the part being gathered,
   * and briefly the one just sent). 8 MiB allows objects up to 80 GB (10,000 parts), far beyond the upload limit.
   */
  readonly partSize?: number;
  /** Path-style URLs (http://host/bucket/key), which MinIO needs. Default true. */
  readonly pathStyle?: boolean;
}

const UNTYPED = 'scrivo-untyped';
const MISSING = new Set(['NotFound', 'NoSuchKey']);
const isMissing = (error: unknown) => error instanceof S3Error && MISSING.has(error.code ?? '');

/**
 * Blobs in an S3-compatible object store (MinIO in production) through the `minio` client. Streams are uploaded
 * as multipart uploads of `partSize` parts, ranges are ranged GETs, and browsers can fetch blobs directly through
 * presigned URLs.
 */
export class MinioBlobStore implements BlobStore {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly partSize: number;
  private bucketReady: Promise<void> | null = null;

  constructor(options: MinioBlobStoreOptions) {
    const url = new URL(options.url);
    const useSSL = url.protocol === 'https:';
    this.bucket = options.bucket;
    this.region = options.region ?? 'us-east-1';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: this.region,
      pathStyle: options.pathStyle ?? true,
    });
    this.partSize = options.partSize ?? 8 * 1024 * 1024;
    if (this.partSize < 5 * 1024 * 1024) throw new Error('S3 parts are at least 5 MiB');
  }

  /** Connects and makes sure the bucket exists, so misconfiguration shows at startup rather than at first upload. */
  static async connect(options: MinioBlobStoreOptions): Promise<MinioBlobStore> {
    const store = new MinioBlobStore(options);
    await store.ensureBucket();
    return store;
  }

  ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      try {
        await this.client.makeBucket(this.bucket, this.region);
      } catch (error) {
        // Another instance created it in the meantime.
        if (!(
          error instanceof S3Error &&
          ['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(error.code ?? '')
        )) {
          throw error;
        }
      }
    })().catch((error: unknown) => {
      this.bucketReady = null; // let the next call try again
      throw error;
    });
    return this.bucketReady;
  }

  async put(
    key: string,
    body: AsyncIterable<Uint8Array> | Uint8Array,
    options: PutOptions = {},
  ): Promise<BlobStat> {
    assertValidBlobKey(key);
    await this.ensureBucket();
    // S3 gives every object a Content-Type (guessed from the key when none is sent): mark the objects the caller
    // gave none, so that stat can answer null as the port promises.
    const metadata: Record<string, string> = options.contentType
      ? { 'Content-Type': options.contentType }
      : { 'Content-Type': 'application/octet-stream', [`X-Amz-Meta-${UNTYPED}`]: 'true' };
    if (body instanceof Uint8Array && body.byteLength <= this.partSize) {
      const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      await this.client.putObject(this.bucket, key, buffer, buffer.byteLength, metadata);
    } else {
      await this.putStream(key, body instanceof Uint8Array ? [body] : body, metadata);
    }
    const stat = await this.stat(key);
    if (!stat) throw new Error(`Blob ${key} vanished right after it was written`);
    return stat;
  }

  /**
   * A body shorter than a part goes up in one PUT; a longer one as a multipart upload holding one part in memory
   * at a time. (minio-js's own stream upload first lists the bucket's unfinished uploads to "resume" one, which
   * not every S3 implementation offers, and leaves a failed upload's parts behind; this aborts them.)
   */
  private async putStream(
    key: string,
    body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    headers: Record<string, string>,
  ) {
    const parts = inParts(body, this.partSize)[Symbol.asyncIterator]();
    const nextPart = async () => {
      const next = await parts.next();
      return next.done ? null : next.value;
    };
    // Parts are held in `part` only: once uploaded, nothing references them while the next one is gathered.
    let part = await nextPart();
    if (part === null || part.byteLength < this.partSize) {
      const buffer = part ?? Buffer.alloc(0);
      part = null;
      await this.client.putObject(this.bucket, key, buffer, buffer.byteLength, headers);
      return;
    }
    const uploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
    try {
      const etags: { part: number; etag: string }[] = [];
      for (let number = 1; part; number += 1) {
        const uploaded = await this.client.uploadPart(
          { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: number, headers: {} },
          part,
        );
        etags.push({ part: number, etag: uploaded.etag });
        part = null;
        part = await nextPart();
      }
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, etags);
    } catch (error) {
      await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody> {
    const stat = await this.stat(key);
    if (!stat) throw new NotFoundError('Blob', key);
    const { start, length } = resolveRange(range, stat.size);
    try {
      const body =
        length === 0
          ? Readable.from([])
          : range
            ? await this.client.getPartialObject(this.bucket, key, start, length)
            : await this.client.getObject(this.bucket, key);
      return {
        body: body as AsyncIterable<Uint8Array>,
        length,
        totalSize: stat.size,
        contentType: stat.contentType,
      };
    } catch (error) {
      if (isMissing(error)) throw new NotFoundError('Blob', key); // deleted between the stat and the read
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertValidBlobKey(key);
    await this.ensureBucket();
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType = stat.metaData['content-type'];
      const untyped = stat.metaData[UNTYPED] === 'true';
      return {
        key,
        size: stat.size,
        contentType: !untyped && typeof contentType === 'string' && contentType !== '' ? contentType : null,
        lastModified: stat.lastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    await this.ensureBucket();
    await this.client.removeObject(this.bucket, key);
  }

  async presignedGetUrl(key: string, expiresInSeconds: number): Promise<string | null> {
    assertValidBlobKey(key);
    await this.ensureBucket();
    return this.client.presignedGetObject(this.bucket, key, expiresInSeconds);
  }
}

/** Regroups a stream of chunks of any size into parts of exactly `size` bytes (the last one may be shorter). */
async function* inParts(
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  size: number,
): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // Kept in a variable that is cleared after each yield: a suspended generator keeps its locals alive.
  let part: Buffer | null = null;
  for await (const chunk of body) {
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    pendingBytes += chunk.byteLength;
    while (pendingBytes >= size) {
      part = Buffer.concat(pending, pendingBytes);
      // Copy the (small) remainder out, so that the part is the only reference to the concatenated buffer.
      pending = [Buffer.from(part.subarray(size))];
      pendingBytes -= size;
      yield part.subarray(0, size);
      part = null;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
