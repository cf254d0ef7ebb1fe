// API memory while a 1 GB file (1000 MiB: just under Business Pro's 1 GiB limit) is uploaded, through multipart (POST /api/recordings) and tus (/api/uploads).
// The client is curl in its own process, so only the API's memory is in this process's RSS.
// Not part of `npm test` (skipped unless SCRIVO_BENCH=1):
//   SCRIVO_BENCH=1 [BENCH_UPLOAD_MB=1000] npx vitest run --project server bench/transcription/upload-memory.test.ts
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../api/test/support/http-client';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';

const run = promisify(execFile);
const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1000);

/** Samples this process's RSS every 100 ms while `work` runs; returns the peak growth over the start. */
const rssGrowth = async (
  work: () => Promise<void>,
): Promise<{ startMb: number; peakMb: number; growthMb: number }> => {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return {
    startMb: Math.round(start / MB),
    peakMb: Math.round(peak / MB),
    growthMb: Math.round((peak - start) / MB),
  };
};

describe.skipIf(!process.env.SCRIVO_BENCH)('bench: API memory during a 1 GB upload', () => {
  let app: TestApp;
  let client: TestClient;
  let tmp: string;
  let file: string;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-bench-upload-'));
    file = join(tmp, 'big.wav');
    // Silence as 16 kHz mono PCM: 32 000 bytes a second, so 1 GB is about 9.3 hours of (valid) audio.
    const seconds = Math.ceil((SIZE_MB * MB) / 32_000);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `anullsrc=r=16000:cl=mono`,
      '-t',
      String(seconds),
      '-c:a',
      'pcm_s16le',
      file,
    ]);
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    ({ client } = await signedInClient(app, { plan: 'business_pro' }));
    await client.api.health.health();
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const csrf = () => /scrivo_csrf=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '';

  it('multipart', async () => {
    const size = statSync(file).size;
    let status = '';
    const memory = await rssGrowth(async () => {
      const { stdout } = await run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{time_total}',
        '-H',
        `cookie: ${client.cookieHeader}`,
        '-H',
        `x-csrf-token: ${csrf()}`,
        '-F',
        `file=@${file};type=application/octet-stream`,
        `${app.url}/api/recordings`,
      ]);
      status = stdout;
    });
    console.log(
      JSON.stringify({ path: 'multipart', sizeMb: Math.round(size / MB), curl: status, ...memory }),
    );
    expect(status.startsWith('201')).toBe(true);
  }, 1_800_000);

  it('tus (one PATCH streaming the whole file)', async () => {
    const size = statSync(file).size;
    const created = await fetch(`${app.url}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'x-csrf-token': csrf(),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${Buffer.from('big.wav').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, app.url).toString();
    let status = '';
    const memory = await rssGrowth(async () => {
      const { stdout } = await run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{time_total}',
        '-X',
        'PATCH',
        '-H',
        `cookie: ${client.cookieHeader}`,
        '-H',
        `x-csrf-token: ${csrf()}`,
        '-H',
        'Tus-Resumable: 1.0.0',
        '-H',
        'Upload-Offset: 0',
        '-H',
        'Content-Type: application/offset+octet-stream',
        // -T streams the file (with -X PATCH instead of PUT).
        '-T',
        file,
        location,
      ]);
      status = stdout;
    });
    console.log(JSON.stringify({ path: 'tus', sizeMb: Math.round(size / MB), curl: status, ...memory }));
    expect(status.startsWith('204')).toBe(true);
  }, 1_800_000);
});
