import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MINIO_KEYS,
  notBuiltReason,
  type RunningServer,
  serverBinary,
  startMinio,
} from '../testing/real-servers';
import { bytes, describeBlobStoreConformance } from './blob-store.conformance';
import { MinioBlobStore } from './minio-blob-store';

/**
 * The real MinIO server (built by tools/install-servers.sh) on 127.0.0.1, or the one MINIO_URL names. The adapter
 * talks real HTTP and SigV4 to it; the server is its own process, so the memory the streaming test measures is
 * the adapter's alone.
 */
const external = process.env.MINIO_URL;
const binary = external ? null : serverBinary('minio');
let server: RunningServer | null = null;
beforeAll(async () => {
  if (!external && binary) server = await startMinio(binary);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const endpoint = () => external ?? server!.url;
const minioStore = (bucket = `scrivo-${randomUUID().slice(0, 8)}`) =>
  MinioBlobStore.connect({
    url: endpoint(),
    accessKey: external ? (process.env.MINIO_ACCESS_KEY ?? 'minioadmin') : MINIO_KEYS.accessKey,
    secretKey: external ? (process.env.MINIO_SECRET_KEY ?? 'minioadmin') : MINIO_KEYS.secretKey,
    bucket,
    region: process.env.MINIO_REGION ?? 'us-east-1',
    partSize: 5 * 1024 * 1024,
  });
const available = Boolean(external || binary);

describeBlobStoreConformance(
  external ? 'MinIO at MINIO_URL' : 'MinIO (real server on 127.0.0.1)',
  available ? () => minioStore() : null,
  {
    presignedUrls: true,
    // The part being gathered and, for a moment after its upload, the previous one (Node's HTTP request lets go
    // of its body a little after the response): two 5 MiB parts plus slack, never the whole 20 MB.
    streamingBudgetBytes: 12 * 1024 * 1024,
  },
  notBuiltReason('minio'),
);

describe.skipIf(!available)('MinIO blob store', () => {
  it('creates its bucket when missing and finds it when it exists', async () => {
    const bucket = `scrivo-${randomUUID().slice(0, 8)}`;
    const first = await minioStore(bucket);
    await first.put('a.txt', new TextEncoder().encode('hello'), { contentType: 'text/plain' });
    const second = await minioStore(bucket);
    expect(await second.stat('a.txt')).toMatchObject({ size: 5, contentType: 'text/plain' });
  });

  it('aborts a streamed upload that fails after its first part, leaving no object (and the old one intact)', async () => {
    const store = await minioStore();
    await store.put('upload.wav', bytes(100, 1), { contentType: 'audio/wav' });
    async function* brokenUpload() {
      for (let i = 0; i < 100; i += 1) yield bytes(64 * 1024, i + 2); // 6.25 MB: the first 5 MiB part goes up
      throw new Error('client went away');
    }
    await expect(store.put('upload.wav', brokenUpload())).rejects.toThrow('client went away');
    expect(await store.stat('upload.wav')).toMatchObject({ size: 100, contentType: 'audio/wav' });
  });

  it('sends a byte array larger than a part as a multipart upload', async () => {
    const store = await minioStore();
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
        url: endpoint(),
        accessKey: 'NOT-A-KEY',
        secretKey: 'wrong',
        bucket: 'x-denied',
      }),
    ).rejects.toThrow();
  });
});
