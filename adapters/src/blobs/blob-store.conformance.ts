import { type BlobStore, NotFoundError } from '@scrivo/domain';
import { createHash, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';

export interface BlobStoreConformanceOptions {
  /** Whether the adapter hands out presigned URLs; when false, presignedGetUrl must answer null. */
  readonly presignedUrls: boolean;
  /**
   * The most the 20 MB streamed put may add to the process's memory (heap + buffers) at its peak. Well under
   * 20 MB: the point is that the body is never held whole. Object storage gets its multipart part size here.
   */
  readonly streamingBudgetBytes: number;
}

/** Deterministic, incompressible-looking bytes. */
export const bytes = (size: number, seed = 1): Uint8Array => {
  const out = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
};

const collect = async (body: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
};

async function* chunked(data: Uint8Array, sizes: readonly number[]): AsyncIterable<Uint8Array> {
  let offset = 0;
  for (let i = 0; offset < data.length; i += 1) {
    const size = sizes[i % sizes.length]!;
    yield data.subarray(offset, offset + size);
    offset += size;
    await new Promise((r) => setImmediate(r)); // a real upload trickles in
  }
}

// Garbage would count as memory until V8 gets round to collecting it: collect before each sample, so the samples
// measure what is actually held.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveMemory = () => {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/**
 * The BlobStore port's contract, which every adapter runs: the local file store always, MinIO against the real
 * MinIO server built by tools/install-servers.sh (or the one MINIO_URL names). Keys are unique per test so a
 * shared bucket is fine.
 */
export const describeBlobStoreConformance = (
  name: string,
  create: (() => Promise<BlobStore>) | null,
  options: BlobStoreConformanceOptions,
  skipReason?: string,
) => {
  const suite = create ? describe : describe.skip;
  suite(`BlobStore conformance: ${name}${create ? '' : ` (skipped: ${skipReason})`}`, () => {
    let store: BlobStore;
    const key = (label: string) => `conformance/${randomUUID()}/${label}`;
    const data = bytes(1000, 7);

    beforeAll(async () => {
      store = await create!();
    });

    it('stores bytes given as a Uint8Array and reads them back with their size and content type', async () => {
      const k = key('audio.wav');
      const stat = await store.put(k, data, { contentType: 'audio/wav' });
      expect(stat).toMatchObject({ key: k, size: 1000, contentType: 'audio/wav' });
      expect(stat.lastModified).toBeInstanceOf(Date);
      const blob = await store.get(k);
      expect(blob).toMatchObject({ length: 1000, totalSize: 1000, contentType: 'audio/wav' });
      expect(await collect(blob.body)).toEqual(data);
    });

    it('stores a body streamed as chunks of any size', async () => {
      const k = key('upload.webm');
      const stat = await store.put(k, chunked(data, [1, 0, 333, 17, 4096]), { contentType: 'audio/webm' });
      expect(stat.size).toBe(1000);
      expect(await collect((await store.get(k)).body)).toEqual(data);
    });

    it('stores an empty blob', async () => {
      const k = key('empty');
      expect((await store.put(k, new Uint8Array(0))).size).toBe(0);
      const blob = await store.get(k);
      expect(blob.length).toBe(0);
      expect(await collect(blob.body)).toEqual(new Uint8Array(0));
    });

    it('keeps keys with slashes apart and leaves the content type null when none was given', async () => {
      const parent = key('nested');
      await store.put(`${parent}/a/b.bin`, bytes(10, 1));
      await store.put(`${parent}/a/c.bin`, bytes(20, 2));
      expect(await collect((await store.get(`${parent}/a/b.bin`)).body)).toEqual(bytes(10, 1));
      expect(await store.stat(`${parent}/a/c.bin`)).toMatchObject({ size: 20, contentType: null });
    });

    describe('byte ranges', () => {
      let k: string;
      beforeAll(async () => {
        k = key('ranged.bin');
        await store.put(k, data, { contentType: 'application/octet-stream' });
      });
      const read = async (start: number, end?: number) => {
        const blob = await store.get(k, end === undefined ? { start } : { start, end });
        return { ...blob, bytes: await collect(blob.body) };
      };

      it('reads the first bytes', async () => {
        const first = await read(0, 9);
        expect(first).toMatchObject({ length: 10, totalSize: 1000, contentType: 'application/octet-stream' });
        expect(first.bytes).toEqual(data.subarray(0, 10));
      });

      it('reads a range in the middle (end inclusive)', async () => {
        const middle = await read(100, 199);
        expect(middle.length).toBe(100);
        expect(middle.bytes).toEqual(data.subarray(100, 200));
      });

      it('reads the last byte alone', async () => {
        const last = await read(999, 999);
        expect(last.length).toBe(1);
        expect(last.bytes).toEqual(data.subarray(999));
      });

      it('reads an open-ended range to the end of the blob', async () => {
        const tail = await read(990);
        expect(tail).toMatchObject({ length: 10, totalSize: 1000 });
        expect(tail.bytes).toEqual(data.subarray(990));
      });

      it('refuses a range outside the blob with a RangeError', async () => {
        await expect(store.get(k, { start: 1000 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.get(k, { start: 990, end: 1000 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.get(k, { start: 10, end: 9 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.get(k, { start: -1 })).rejects.toBeInstanceOf(RangeError);
      });
    });

    it('answers NotFoundError for a missing key, with or without a range, and stat null', async () => {
      const k = key('missing');
      await expect(store.get(k)).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.get(k, { start: 0, end: 1 })).rejects.toBeInstanceOf(NotFoundError);
      expect(await store.stat(k)).toBeNull();
    });

    it('replaces a blob and its content type when the key is written again', async () => {
      const k = key('replaced');
      await store.put(k, bytes(50, 1), { contentType: 'audio/wav' });
      await store.put(k, bytes(30, 2), { contentType: 'audio/ogg' });
      const blob = await store.get(k);
      expect(blob).toMatchObject({ length: 30, contentType: 'audio/ogg' });
      expect(await collect(blob.body)).toEqual(bytes(30, 2));
    });

    it('deletes a blob; deleting a missing key is not an error', async () => {
      const k = key('deleted');
      await store.put(k, data);
      await store.delete(k);
      await store.delete(k);
      await store.delete(key('never-existed'));
      expect(await store.stat(k)).toBeNull();
      await expect(store.get(k)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('refuses keys that climb out, are absolute, or are empty', async () => {
      for (const bad of [
        '',
        '../escape',
        'a/../../b',
        '/etc/passwd',
        'a//b',
        'a/./b',
        'a\\b',
        '.hidden',
        'x.meta.json',
      ]) {
        await expect(store.put(bad, data), bad).rejects.toThrow(/Invalid blob key/);
      }
    });

    it(
      options.presignedUrls
        ? 'hands out a presigned URL that a plain HTTP GET reads the bytes from'
        : 'answers null for a presigned URL (not supported)',
      async () => {
        const k = key('shared clip.wav');
        await store.put(k, data, { contentType: 'audio/wav' });
        const url = await store.presignedGetUrl(k, 60);
        if (!options.presignedUrls) return expect(url).toBeNull();
        const response = await fetch(url!);
        expect(response.status).toBe(200);
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(data);
      },
    );

    it('streams a 20 MB put and get without holding the body in memory', async () => {
      const total = 20 * 1024 * 1024;
      const chunkSize = 64 * 1024;
      const k = key('long-recording.wav');
      const sent = createHash('sha256');
      const baseline = liveMemory();
      let peak = 0;
      async function* recording() {
        for (let offset = 0, i = 0; offset < total; offset += chunkSize, i += 1) {
          const chunk = bytes(chunkSize, i + 1);
          sent.update(chunk);
          if (i % 16 === 0) peak = Math.max(peak, liveMemory() - baseline);
          yield chunk;
        }
      }
      const stat = await store.put(k, recording(), { contentType: 'audio/wav' });
      expect(stat.size).toBe(total);
      expect(peak).toBeLessThan(options.streamingBudgetBytes);

      const received = createHash('sha256');
      let length = 0;
      for await (const chunk of (await store.get(k)).body) {
        received.update(chunk);
        length += chunk.byteLength;
      }
      expect(length).toBe(total);
      expect(received.digest('hex')).toBe(sent.digest('hex'));
      await store.delete(k);
    });
  });
};
