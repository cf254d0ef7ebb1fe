import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusOptions } from '../support/tus';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { expectStatus } from '../support/expect-status';

const JFK = sharedAudio('jfk/jfk.wav');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('resumable upload (tus) survives a dropped connection', () => {
  let app: TestApp;
  let tmp: string;
  let original: Buffer;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-tus-'));
    const path = join(tmp, 'long.wav');
    // JFK followed by 21 minutes of tone: a real 16 kHz WAV of about 40 MB.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      JFK,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=16000:duration=1250',
      '-filter_complex',
      '[0:a][1:a]concat=n=2:v=0:a=1',
      '-ar',
      '16000',
      '-ac',
      '1',
      path,
    ]);
    original = readFileSync(path);
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('resumes from the server offset after the connection is cut halfway; the stored bytes are the original', async () => {
    expect(original.length).toBeGreaterThan(35 * 1024 * 1024);
    const { client } = await signedInClient(app, { plan: 'premium' });
    await client.api.health.health();

    let recordingId = '';
    let uploadUrl = '';
    const progressSeenWhileUploading: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload: Upload = new Upload(
        original,
        tusOptions(app, client, {
          onAfterResponse: (_req, res) => {
            recordingId ||= res.getHeader('X-Recording-Id') ?? '';
          },
          onProgress: (sent) => {
            if (sent < original.length / 2) return;
            // Cut the connection in the middle of a chunk.
            uploadUrl = upload.url ?? '';
            void upload.abort().then(resolve, reject);
          },
          onSuccess: () => reject(new Error('the upload should have been cut before the end')),
          onError: reject,
        }),
      );
      upload.start();
    });
    expect(recordingId).not.toBe('');
    expect(uploadUrl).toContain('/api/uploads/');

    const head = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { cookie: client.cookieHeader, 'Tus-Resumable': '1.0.0' },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(original.length);

    // Upload progress is stored while 'uploading' (POST_RECEIVE fires about once a second).
    for (let tries = 0; tries < 50; tries++) {
      const halfway = await client.api.recordings.get({ params: { id: recordingId } });
      expectStatus(halfway, 200);
      expect(halfway.body).toMatchObject({ status: 'uploading' });
      progressSeenWhileUploading.push(halfway.body.progress as number);
      if ((halfway.body.progress as number) > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    let resumedFrom = -1;
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(
        original,
        tusOptions(app, client, {
          uploadUrl,
          onBeforeRequest: (req) => {
            if (resumedFrom < 0 && req.getMethod() === 'PATCH')
              resumedFrom = Number(req.getHeader('Upload-Offset'));
          },
          onSuccess: () => resolve(),
          onError: reject,
        }),
      );
      upload.start();
    });
    expect(resumedFrom).toBe(offset);

    const recording = await client.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(recording.body).toMatchObject({
      title: 'Long meeting',
      status: 'queued',
      mimeType: 'audio/wav',
      sizeBytes: original.length,
    });
    expect(recording.body.durationSeconds as number).toBeGreaterThan(1250);

    const stored = await fetch(`${app.url}/api/recordings/${recordingId}/media`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(stored.status).toBe(200);
    expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(original));
    expect(Math.max(...progressSeenWhileUploading)).toBeGreaterThan(0);
    expect(Math.max(...progressSeenWhileUploading)).toBeLessThan(1);
  }, 300_000);
});
