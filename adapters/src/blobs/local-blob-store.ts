import { randomUUID } from 'node:crypto';
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  type BlobBody,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  NotFoundError,
  type PutOptions,
} from '@scrivo/domain';
import { assertValidBlobKey, resolveRange } from './blob-rules';

export interface LocalBlobStoreOptions {
  /** The directory holding the blobs (created when missing). */
  readonly root: string;
}

interface Sidecar {
  readonly contentType: string | null;
}

const isMissing = (error: unknown) =>
  error instanceof Error && ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

const writeAll = async (handle: FileHandle, chunk: Uint8Array) => {
  for (let offset = 0; offset < chunk.byteLength;) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
};

/**
 * Blobs as files under a root directory, for the single-machine install. A blob is written to a temp file in
 * the same file system, fsynced, then renamed into place: readers see the old blob or the whole new one, never a
 * half-written file, even after a crash. The content type lives in a `<key>.meta.json` sidecar written before the
 * data is renamed in. Presigned URLs are not possible: the API streams these blobs itself.
 */
export class LocalBlobStore implements BlobStore {
  private readonly root: string;
  private readonly tmp: string;

  constructor(options: LocalBlobStoreOptions) {
    this.root = resolve(options.root);
    this.tmp = join(this.root, '.tmp');
  }

  async put(
    key: string,
    body: AsyncIterable<Uint8Array> | Uint8Array,
    options: PutOptions = {},
  ): Promise<BlobStat> {
    const target = this.pathOf(key);
    await mkdir(this.tmp, { recursive: true });
    // The writer's pid in the name: a restart can tell a dead writer's leftovers from a live write.
    const temp = join(this.tmp, `pid-${process.pid}-${randomUUID()}`);
    let size = 0;
    const handle = await open(temp, 'wx');
    try {
      if (body instanceof Uint8Array) {
        await writeAll(handle, body);
        size = body.byteLength;
      } else {
        // One chunk at a time, each awaited: memory stays at a chunk whatever the upload's size.
        for await (const chunk of body) {
          await writeAll(handle, chunk);
          size += chunk.byteLength;
        }
      }
      if (options.size !== undefined && options.size !== size) {
        throw new Error(`Blob ${key}: expected ${options.size} bytes, received ${size}`);
      }
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();

    await mkdir(dirname(target), { recursive: true });
    const sidecar: Sidecar = { contentType: options.contentType ?? null };
    await writeFile(`${temp}.meta.json`, JSON.stringify(sidecar));
    await rename(`${temp}.meta.json`, `${target}.meta.json`);
    await rename(temp, target);
    const written = await stat(target);
    return { key, size, contentType: sidecar.contentType, lastModified: written.mtime };
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) throw new NotFoundError('Blob', key);
      throw error;
    }
    // Everything below reads the opened file: a concurrent put renames a new file in, this one stays whole.
    try {
      const { size } = await handle.stat();
      const { start, end, length } = resolveRange(range, size);
      const contentType = await this.contentType(key);
      if (length === 0) {
        await handle.close();
        return { body: empty(), length, totalSize: size, contentType };
      }
      // The stream closes the file when it ends or is destroyed: consumers must read or destroy the body.
      const body = handle.createReadStream({
        start,
        end,
        highWaterMark: 64 * 1024,
      }) as AsyncIterable<Uint8Array>;
      return { body, length, totalSize: size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const file = await stat(this.pathOf(key));
      return { key, size: file.size, contentType: await this.contentType(key), lastModified: file.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
  }

  /**
   * Removes temp files of writers that are gone (killed mid-write): their pid is not running, or (files from
   * before pids were in the names, or another machine's process on a shared folder) they are a day old.
   * Returns how many were removed.
   */
  async removeStaleTemp(maxAgeMs = 24 * 3600 * 1000): Promise<number> {
    const names = await readdir(this.tmp).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const path = join(this.tmp, name);
      const pid = /^pid-(\d+)-/.exec(name)?.[1];
      const modified = (await stat(path).catch(() => null))?.mtimeMs;
      if (modified === undefined) continue;
      const dead = pid !== undefined && Number(pid) !== process.pid && !running(Number(pid));
      if (!dead && Date.now() - modified < maxAgeMs) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  async presignedGetUrl(key: string): Promise<string | null> {
    assertValidBlobKey(key);
    return null;
  }

  private pathOf(key: string): string {
    const path = join(this.root, ...assertValidBlobKey(key).split('/'));
    // The key rules already forbid escaping; this is the belt to those braces.
    if (!path.startsWith(this.root + sep))
      throw new Error(`Invalid blob key ${JSON.stringify(key)}: outside the root`);
    return path;
  }

  private async contentType(key: string): Promise<string | null> {
    try {
      return (JSON.parse(await readFile(`${this.pathOf(key)}.meta.json`, 'utf8')) as Sidecar).contentType;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function* empty(): AsyncIterable<Uint8Array> {}
