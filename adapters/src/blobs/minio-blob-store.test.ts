import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, describeBlobStoreConformance } from './blob-store.conformance';
import { MinioBlobStore } from './minio-blob-store';

/**
 * s3rver is a real S3-protocol server written in Node: the adapter talks real HTTP and real SigV4 to it. It runs
 * in a child process so that the memory the streaming test measures is the adapter's alone (s3rver acknowledges a
 * part before its file write drains).
 */
const startS3rver = async (directory: string) => {
  const script = `
    const S3rver = require(${JSON.stringify(createRequire(import.meta.url).resolve('s3rver'))});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)} });
    server.run().then((address) => console.log(address.port), (error) => { console.error(error); process.exit(1); });
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`, // port 0 above: the OS picked a free one
    stop: async () => {
      child.kill();
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
};

const dir = mkdtempSync(join(tmpdir(), 'scrivo-s3rver-'));
let endpoint = '';
let stopS3rver = async () => {};
beforeAll(async () => {
  ({ endpoint, stop: stopS3rver } = await startS3rver(dir));
});
afterAll(async () => {
  await stopS3rver();
  rmSync(dir, { recursive: true, force: true });
});

const s3rverStore = (bucket = `scrivo-${randomUUID().slice(0, 8)}`) =>
  MinioBlobStore.connect({
    url: endpoint,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    region: 'us-east-1',
    partSize: 5 * 1024 * 1024,
  });

describeBlobStoreConformance('MinIO client against s3rver', () => s3rverStore(), {
  presignedUrls: true,
  // The part being gathered and, for a moment after its upload, the previous one (Node's HTTP request lets go of
  // its body a little after the response): two 5 MiB parts plus slack, never the whole 20 MB.
  streamingBudgetBytes: 12 * 1024 * 1024,
});

const minioUrl = process.env.MINIO_URL;
describeBlobStoreConformance(
  'MinIO',
  minioUrl
    ? () =>
        MinioBlobStore.connect({
          url: minioUrl,
          accessKey: process.env.MINIO_ACCESS_KEY ?? 'minioadmin',
          secretKey: process.env.MINIO_SECRET_KEY ?? 'minioadmin',
          bucket: process.env.MINIO_BUCKET ?? 'scrivo-conformance',
          region: process.env.MINIO_REGION ?? 'us-east-1',
          partSize: 5 * 1024 * 1024,
        })
    : null,
  { presignedUrls: true, streamingBudgetBytes: 12 * 1024 * 1024 },
  'MINIO_URL not set',
);

describe('MinIO blob store', () => {
  it('creates its bucket when missing and finds it when it exists', async () => {
    const bucket = `scrivo-${randomUUID().slice(0, 8)}`;
    const first = await s3rverStore(bucket);
    await first.put('a.txt', new TextEncoder().encode('hello'), { contentType: 'text/plain' });
    const second = await s3rverStore(bucket);
    expect(await second.stat('a.txt')).toMatchObject({ size: 5, contentType: 'text/plain' });
  });

  it('aborts a streamed upload that fails after its first part, leaving no object (and the old one intact)', async () => {
    const store = await s3rverStore();
    await store.put('upload.wav', bytes(100, 1), { contentType: 'audio/wav' });
    async function* brokenUpload() {
      for (let i = 0; i < 100; i += 1) yield bytes(64 * 1024, i + 2); // 6.25 MB: the first 5 MiB part goes up
      throw new Error('client went away');
    }
    await expect(store.put('upload.wav', brokenUpload())).rejects.toThrow('client went away');
    expect(await store.stat('upload.wav')).toMatchObject({ size: 100, contentType: 'audio/wav' });
  });

  it('sends a byte array larger than a part as a multipart upload', async () => {
    const store = await s3rverStore();
    const big = bytes(6 * 1024 * 1024, 3);
    expect((await store.put('big.bin', big)).size).toBe(big.byteLength);
    const blob = await store.get('big.bin', { start: 5 * 1024 * 1024 - 2, end: 5 * 1024 * 1024 + 1 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of blob.body) chunks.push(chunk);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(
      big.subarray(5 * 1024 * 1024 - 2, 5 * 1024 * 1024 + 2),
    );
  });

  it('fails at connect when the server refuses the credentials', async () => {
    await expect(
      MinioBlobStore.connect({
        url: endpoint,
        accessKey: 'NOT-A-KEY',
        secretKey: 'wrong',
        bucket: 'x-denied',
      }),
    ).rejects.toThrow();
  });
});
