import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import { ERRORS, type KvStore, type Upload } from '@tus/server';
import type { LocalUploadFile, StoredUpload, TusStorage } from './tus-storage';
import { isGoneUpload } from './tus-storage';

export interface TusS3Options {
  /** The S3 endpoint (MINIO_URL). */
  readonly url: string;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
  readonly region: string;
  /** Every object of every upload is under this prefix (`tus/`), beside the blob store's `recordings/...`. */
  readonly prefix: string;
}

const MISSING = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload']);
const isMissing = (error: unknown) =>
  error instanceof Error && (MISSING.has(error.name) || MISSING.has(String(Reflect.get(error, 'Code'))));
/** A leftover younger than this may be an upload being created or removed right now, on any replica. */
const LEFTOVER_MIN_AGE_MS = 5000;
const INFO = '.info';

/**
 * Nothing is cached: another replica may have written the `.info` since (a declared length), and a process-wide
 * cache of every upload it ever served would only grow.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/** The `Objects` of a DeleteObjects request (the one request that names several keys). */
const isKeyList = (value: unknown): value is { Key?: string }[] => Array.isArray(value);

/** Prefixes the object key of every request: the library names objects by the bare upload id. */
const underPrefix = <T extends object>(input: T, prefix: string): T => {
  let out: T = input;
  if ('Key' in out && typeof out.Key === 'string') out = { ...out, Key: `${prefix}${out.Key}` };
  if ('Delete' in out && typeof out.Delete === 'object' && out.Delete && 'Objects' in out.Delete) {
    const objects = isKeyList(out.Delete.Objects) ? out.Delete.Objects : [];
    out = {
      ...out,
      Delete: { ...out.Delete, Objects: objects.map((o) => ({ ...o, Key: `${prefix}${o.Key ?? ''}` })) },
    };
  }
  return out;
};

/**
 * @tus/s3-store with what several replicas and a kill -9 need:
 * - object keys under a prefix (a client middleware: every key this client sends is relative to it);
 * - the parts of one upload sent one after the other, in order. The library sends them concurrently, so a process
 *   killed mid-PATCH could leave part 3 without part 2, or the trailing `.part` object without the part before
 *   it: the offset (the sum of what is stored) would then count bytes that do not follow each other;
 * - a missing `.info` told apart from an unreachable MinIO (the library answers 404 to both, and the upload
 *   recovery must not refuse an upload because MinIO restarted);
 * - `remove` that also works once the upload is complete and takes the trailing `.part` too.
 */
export class TusS3Store extends S3Store {
  /** Per upload being written: the last part sent, which the next one waits for. */
  private readonly partQueues = new Map<string, Promise<unknown>>();
  readonly prefix: string;

  constructor(options: TusS3Options) {
    super({
      cache: noCache,
      s3ClientConfig: {
        bucket: options.bucket,
        endpoint: options.url,
        region: options.region,
        forcePathStyle: true,
        credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
      },
    });
    const prefix = (this.prefix = options.prefix);
    this.client.middlewareStack.add(
      (next) => (args) => next({ ...args, input: underPrefix(args.input, prefix) }),
      { step: 'initialize', name: 'scrivoTusKeyPrefix' },
    );
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    this.partQueues.set(id, Promise.resolve());
    try {
      return await super.write(src, id, offset);
    } finally {
      this.partQueues.delete(id);
    }
  }

  /** Runs after the previous part of the same upload was stored; not at all when that one failed. */
  private inOrder<T>(id: string, body: unknown, send: () => Promise<T>): Promise<T> {
    const sent = (this.partQueues.get(id) ?? Promise.resolve()).then(send);
    this.partQueues.set(id, sent);
    return sent.catch((error: unknown) => {
      // A part not sent because the one before it failed: its file is closed here (the library deletes it).
      if (body instanceof Readable) body.destroy();
      throw error;
    });
  }

  protected override uploadPart(
    metadata: MetadataValue,
    readStream: Parameters<S3Store['uploadPart']>[1],
    partNumber: number,
  ): Promise<string> {
    return this.inOrder(metadata.file.id, readStream, () =>
      super.uploadPart(metadata, readStream, partNumber),
    );
  }

  protected override uploadIncompletePart(
    id: string,
    readStream: Parameters<S3Store['uploadIncompletePart']>[1],
  ): Promise<string> {
    return this.inOrder(id, readStream, () => super.uploadIncompletePart(id, readStream));
  }

  private async metadataOf(id: string): Promise<MetadataValue> {
    try {
      return await this.getMetadata(id);
    } catch (error) {
      if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
  }

  override async getUpload(id: string): Promise<Upload> {
    await this.metadataOf(id);
    return super.getUpload(id);
  }

  override async remove(id: string): Promise<void> {
    const { 'upload-id': uploadId } = await this.metadataOf(id);
    // The .info first: without it the upload is gone for every replica; whatever a kill leaves after this is a
    // leftover (removeLeftovers).
    await this.client.deleteObject({ Bucket: this.bucket, Key: this.infoKey(id) });
    await this.client
      .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
      .catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.partKey(id, true) }] },
    });
  }

  /** The newest of the `.info`, the `.part`, the stored parts (or the finished object). Null when gone. */
  async lastWrite(id: string): Promise<number | null> {
    const modified = async (key: string) => {
      try {
        return (await this.client.headObject({ Bucket: this.bucket, Key: key })).LastModified?.getTime() ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    };
    const info = await modified(this.infoKey(id));
    if (info === null) return null;
    let parts: number[];
    try {
      parts = (await this.retrieveParts(id)).map((p) => p.LastModified?.getTime() ?? 0);
    } catch (error) {
      if (!isMissing(error)) throw error;
      parts = [(await modified(id)) ?? 0]; // complete: the parts became one object
    }
    return Math.max(info, (await modified(this.partKey(id, true))) ?? 0, ...parts);
  }

  /** Every upload with a `.info`, and when it was written. */
  async listUploads(): Promise<StoredUpload[]> {
    const uploads: StoredUpload[] = [];
    for await (const object of this.objects())
      if (object.key.endsWith(INFO))
        uploads.push({ id: object.key.slice(0, -INFO.length), createdAt: object.modified });
    return uploads;
  }

  /**
   * Objects and multipart uploads under the prefix whose `.info` is gone: a process killed while creating
   * (the multipart upload is made before the .info) or removing an upload (the .info goes first).
   */
  async removeLeftovers(olderThanMs: number): Promise<number> {
    const before = Date.now() - Math.max(olderThanMs, LEFTOVER_MIN_AGE_MS);
    const objects: { key: string; modified: number }[] = [];
    for await (const object of this.objects()) objects.push(object);
    const owned = new Set(
      objects.filter((o) => o.key.endsWith(INFO)).map((o) => o.key.slice(0, -INFO.length)),
    );
    const uploadOf = (key: string) => key.replace(/\.(info|part)$/, '');
    const orphans = objects.filter((o) => !owned.has(uploadOf(o.key)) && o.modified < before);
    if (orphans.length > 0)
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: orphans.map((o) => ({ Key: o.key })) },
      });
    let aborted = 0;
    for await (const upload of this.multipartUploads()) {
      if (owned.has(upload.key) || upload.initiated >= before) continue;
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: upload.key, UploadId: upload.uploadId })
        .catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      aborted += 1;
    }
    return orphans.length + aborted;
  }

  /** The objects under the prefix, keys relative to it. */
  private async *objects(): AsyncIterable<{ key: string; modified: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: this.prefix,
        ContinuationToken: token,
      });
      for (const object of page.Contents ?? [])
        if (object.Key?.startsWith(this.prefix))
          yield { key: object.Key.slice(this.prefix.length), modified: object.LastModified?.getTime() ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * The unfinished multipart uploads under the prefix, keys relative to it. Listed for the whole bucket and
   * filtered here: MinIO answers a prefixed listing of multipart uploads with nothing (only an exact key works).
   */
  private async *multipartUploads(): AsyncIterable<{ key: string; uploadId: string; initiated: number }> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      });
      for (const upload of page.Uploads ?? [])
        if (upload.Key?.startsWith(this.prefix) && upload.UploadId)
          yield {
            key: upload.Key.slice(this.prefix.length),
            uploadId: upload.UploadId,
            initiated: upload.Initiated?.getTime() ?? 0,
          };
      if (!page.IsTruncated) return;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }
}

/** Uploads as objects on the MinIO bucket, so every API replica resumes any upload without a shared disk. */
export class TusS3Storage implements TusStorage {
  readonly datastore: TusS3Store;

  constructor(options: TusS3Options) {
    this.datastore = new TusS3Store(options);
  }

  list(): Promise<StoredUpload[]> {
    return this.datastore.listUploads();
  }

  lastWrite(uploadId: string): Promise<number | null> {
    return this.datastore.lastWrite(uploadId);
  }

  /** Downloaded to a spool folder named like the multipart upload's, which the recovery clears after a kill. */
  async localFile(uploadId: string): Promise<LocalUploadFile> {
    const dir = await mkdtemp(join(tmpdir(), `scrivo-upload-${process.pid}-`));
    const release = () => rm(dir, { recursive: true, force: true });
    try {
      const path = join(dir, 'upload');
      await pipeline(await this.datastore.read(uploadId), createWriteStream(path));
      return { path, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  async remove(uploadId: string): Promise<void> {
    await this.datastore.remove(uploadId).catch((error: unknown) => {
      if (!isGoneUpload(error)) throw error;
    });
  }

  removeLeftovers(olderThanMs: number): Promise<number> {
    return this.datastore.removeLeftovers(olderThanMs);
  }
}
