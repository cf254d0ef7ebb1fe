import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { LocalUploadFile, StoredUpload, TusStorage } from './tus-storage';

/**
 * Uploads as files under `<data directory>/uploads`: `<id>` holds the bytes (its size is the offset) and
 * `<id>.json` the metadata. One API process, or replicas sharing that directory, can resume any upload.
 */
export class TusFileStorage implements TusStorage {
  readonly datastore: FileStore;

  constructor(readonly directory: string) {
    this.datastore = new FileStore({ directory });
  }

  async list(): Promise<StoredUpload[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const uploads: StoredUpload[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const written = await stat(join(this.directory, name)).catch(() => null);
      if (written) uploads.push({ id: name.slice(0, -'.json'.length), createdAt: written.mtimeMs });
    }
    return uploads;
  }

  async lastWrite(uploadId: string): Promise<number | null> {
    return (await stat(join(this.directory, uploadId)).catch(() => null))?.mtimeMs ?? null;
  }

  async localFile(uploadId: string): Promise<LocalUploadFile> {
    return { path: join(this.directory, uploadId), release: async () => undefined };
  }

  /** Both files, whichever exists (the library's remove stops at a missing data file and keeps the .json). */
  async remove(uploadId: string): Promise<void> {
    const path = join(this.directory, uploadId);
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }

  /** Data files without their .json: the library creates the (empty) data file first, then the .json. */
  async removeLeftovers(olderThanMs: number): Promise<number> {
    const names = new Set(await readdir(this.directory).catch(() => [] as string[]));
    let removed = 0;
    for (const name of names) {
      if (name.endsWith('.json') || names.has(`${name}.json`)) continue;
      const written = await stat(join(this.directory, name)).catch(() => null);
      if (!written?.isFile() || Date.now() - written.mtimeMs < olderThanMs) continue;
      await rm(join(this.directory, name), { force: true });
      removed += 1;
    }
    return removed;
  }
}
