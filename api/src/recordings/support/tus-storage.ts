import type { DataStore } from '@tus/server';

/** A resumable upload the store holds, and when its metadata was written (ms since the epoch). */
export interface StoredUpload {
  readonly id: string;
  readonly createdAt: number;
}

/** A local file with every byte of a finished upload (the probe reads files); `release` removes what was made. */
export interface LocalUploadFile {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * Where the tus endpoint keeps uploads while bytes arrive: the @tus/server data store, plus what the upload
 * completion and the upload recovery need beyond it (the library has no listing, and its `remove` leaves pieces
 * behind on both stores). Files under the data directory, or objects on the MinIO bucket (see tus-s3-storage.ts).
 */
export interface TusStorage {
  readonly datastore: DataStore;
  /** Every upload with metadata, whatever state its bytes are in. */
  list(): Promise<StoredUpload[]>;
  /** When bytes or metadata of the upload were last written (ms), or null once it is gone. */
  lastWrite(uploadId: string): Promise<number | null>;
  localFile(uploadId: string): Promise<LocalUploadFile>;
  /** Every trace of the upload; nothing to do when it is already gone. */
  remove(uploadId: string): Promise<void>;
  /** Pieces no upload owns any more (a process killed between two writes of the store), once older than this. */
  removeLeftovers(olderThanMs: number): Promise<number>;
}

/** The library's answer for an upload that does not exist (404) or whose bytes are gone (410). */
export const isGoneUpload = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'status_code' in error &&
  (error.status_code === 404 || error.status_code === 410);
