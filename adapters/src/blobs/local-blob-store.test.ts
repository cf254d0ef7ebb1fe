import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotFoundError } from '@scrivo/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { bytes, describeBlobStoreConformance } from './blob-store.conformance';
import { LocalBlobStore } from './local-blob-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeBlobStoreConformance(
  'local files',
  async () => new LocalBlobStore({ root: join(dir, 'conformance') }),
  {
    presignedUrls: false,
    streamingBudgetBytes: 8 * 1024 * 1024,
  },
);

describe('local blob store', () => {
  const collect = async (body: AsyncIterable<Uint8Array>) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return new Uint8Array(Buffer.concat(chunks));
  };

  it('lays blobs out as files under the root, with the content type in a sidecar', async () => {
    const root = join(dir, 'layout');
    const store = new LocalBlobStore({ root });
    await store.put('recordings/r1/original.wav', bytes(10), { contentType: 'audio/wav' });
    expect(readdirSync(join(root, 'recordings', 'r1')).sort()).toEqual([
      'original.wav',
      'original.wav.meta.json',
    ]);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('never shows a half-written blob: a failed upload leaves the previous version and no temp file', async () => {
    const root = join(dir, 'failed-upload');
    const store = new LocalBlobStore({ root });
    await store.put('upload.wav', bytes(100, 1), { contentType: 'audio/wav' });
    async function* brokenUpload() {
      yield bytes(64 * 1024, 2);
      throw new Error('client went away');
    }
    await expect(store.put('upload.wav', brokenUpload(), { contentType: 'audio/ogg' })).rejects.toThrow(
      'client went away',
    );
    const blob = await store.get('upload.wav');
    expect(blob.contentType).toBe('audio/wav');
    expect(await collect(blob.body)).toEqual(bytes(100, 1));
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('refuses a body whose size differs from the declared one, storing nothing', async () => {
    const store = new LocalBlobStore({ root: join(dir, 'sized') });
    await expect(store.put('a.bin', bytes(10), { size: 11 })).rejects.toThrow(
      'expected 11 bytes, received 10',
    );
    await expect(store.get('a.bin')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps a blob being read whole while it is replaced', async () => {
    const store = new LocalBlobStore({ root: join(dir, 'replace-while-reading') });
    await store.put('clip.wav', bytes(200_000, 1));
    const reading = await store.get('clip.wav');
    await store.put('clip.wav', bytes(1000, 2));
    expect(await collect(reading.body)).toEqual(bytes(200_000, 1));
    expect((await store.stat('clip.wav'))?.size).toBe(1000);
  });

  it('leaves no blob under the key when the writing process is killed mid-upload', async () => {
    const root = join(dir, 'killed');
    // The child streams an endless upload and reports its progress; it is killed with SIGKILL mid-way.
    const script = join(dir, 'upload-forever.mts');
    writeFileSync(
      script,
      `import { LocalBlobStore } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'local-blob-store.ts')).href)};
const store = new LocalBlobStore({ root: ${JSON.stringify(root)} });
async function* forever() {
  for (let i = 0; ; i += 1) {
    if (i === 50) process.send?.('writing');
    yield new Uint8Array(64 * 1024).fill(i % 256);
    await new Promise((r) => setImmediate(r));
  }
}
await store.put('recordings/r1/original.wav', forever());
`,
    );
    const child = fork(script, [], { execArgv: ['--conditions=source', '--import', 'tsx'], stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const store = new LocalBlobStore({ root });
    expect(await store.stat('recordings/r1/original.wav')).toBeNull();
    expect(existsSync(join(root, 'recordings'))).toBe(false);
    expect(readdirSync(join(root, '.tmp'))).toHaveLength(1); // the abandoned temp file, invisible to readers

    // At the next start the dead writer's temp file is reclaimed; a live writer's is left alone.
    const live = store.put(
      'recordings/r2/original.wav',
      (async function* () {
        yield bytes(1000, 1);
        await new Promise((r) => setTimeout(r, 300));
        yield bytes(1000, 2);
      })(),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(await store.removeStaleTemp()).toBe(1);
    await live;
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    expect((await store.stat('recordings/r2/original.wav'))?.size).toBe(2000);
  });
});
