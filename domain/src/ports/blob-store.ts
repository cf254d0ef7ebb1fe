export interface BlobStat {
  readonly key: string;
  readonly size: number;
  readonly contentType: string | null;
  readonly lastModified: Date;
}

export interface ByteRange {
  /** Inclusive first byte. */
  readonly start: number;
  /** Inclusive last byte; defaults to the last byte of the blob. */
  readonly end?: number;
}

export interface BlobBody {
  readonly body: AsyncIterable<Uint8Array>;
  /** Bytes in this body (the range's length when a range was asked for). */
  readonly length: number;
  /** Size of the whole blob. */
  readonly totalSize: number;
  readonly contentType: string | null;
}

export interface PutOptions {
  readonly contentType?: string;
  /** Known size, when the caller has it (some backends stream better with it). */
  readonly size?: number;
}

/** Large binary objects (uploads, normalised audio). Bodies are streams so memory stays flat for any size. */
export interface BlobStore {
  put(key: string, body: AsyncIterable<Uint8Array> | Uint8Array, options?: PutOptions): Promise<BlobStat>;
  /** Throws NotFoundError for a missing key; a RangeError for a range outside the blob. */
  get(key: string, range?: ByteRange): Promise<BlobBody>;
  stat(key: string): Promise<BlobStat | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** A time-limited URL a browser can GET directly, where the backend supports it; null otherwise. */
  presignedGetUrl(key: string, expiresInSeconds: number): Promise<string | null>;
}
