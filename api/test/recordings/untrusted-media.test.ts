import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { appWithSpeechWorker } from '../support/speech-app';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');

const ffprobeSeconds = (path: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], {
      encoding: 'utf8',
    }),
  );
const decodedSeconds = (path: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], {
    maxBuffer: 1024 ** 3,
  }).length /
  2 /
  16000;

/**
 * A WebM holding the JFK clip then `silenceSeconds` of silence (speech is what costs the recogniser time, silence
 * is skipped by its VAD), whose Segment Duration element is rewritten to 1 s: ffprobe (and so the upload's probe)
 * believes the header, any decoder plays all of it.
 */
const lyingWebm = (dir: string, silenceSeconds: number): string => {
  const honest = join(dir, `honest-${silenceSeconds}.webm`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    JFK,
    '-f',
    'lavfi',
    '-t',
    String(silenceSeconds),
    '-i',
    'anullsrc=r=16000:cl=mono',
    '-filter_complex',
    '[0:a][1:a]concat=n=2:v=0:a=1',
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    honest,
  ]);
  const bytes = readFileSync(honest);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88])); // EBML Duration, an 8-byte float, in milliseconds
  expect(at).toBeGreaterThan(0);
  bytes.writeDoubleBE(1000, at + 3);
  const lying = join(dir, `lying-${silenceSeconds}.webm`);
  writeFileSync(lying, bytes);
  return lying;
};

const upload = async (client: TestClient, path: string, title: string) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(path)]), `${title}.webm`);
  form.set('title', title);
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  return created.body;
};

const waitForRecording = async (
  client: TestClient,
  id: string,
  done: (r: { status: string; progress: number }) => boolean,
  timeoutMs: number,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const recording = bodyOf(await client.api.recordings.get({ params: { id } }), 200);
    if (done(recording)) return recording;
    if (Date.now() > deadline) throw new Error(`recording ${id} still ${JSON.stringify(recording)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const minutesUsed = async (client: TestClient) =>
  bodyOf(await client.api.recordings.usage(), 200).minutesUsed;

describe.skipIf(!speechWorkerInstalled())(
  'untrusted media: minutes follow the decoded audio, cancel stops the engine',
  () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'scrivo-untrusted-'));
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });
    const running = appWithSpeechWorker();

    it('a WebM whose header says 1 s but holds 44 s is billed 44 s and transcribed in full', async () => {
      const file = lyingWebm(dir, 33);
      expect(ffprobeSeconds(file)).toBeCloseTo(1, 1);
      expect(decodedSeconds(file)).toBeCloseTo(44, 0);

      const { client } = await signedInClient(running.app);
      const created = await upload(client, file, 'lying-44s');
      expect(created.durationSeconds).toBeCloseTo(1, 1); // what the probe saw and reserved
      await waitForRecording(client, created.id, (r) => r.status === 'completed', 400_000);

      expect(await minutesUsed(client)).toBeCloseTo(44 / 60, 1);
      const transcript = bodyOf(await client.api.recordings.transcript({ params: { id: created.id } }), 200);
      expect(
        phraseErrorRate('ask not what your country can do for you', transcript.text),
      ).toBeLessThanOrEqual(HEARD);
      expect(transcript.durationSeconds).toBeCloseTo(44, 0);
    }, 480_000);

    it('refuses, with what the file really holds, audio longer than the minutes left, and charges nothing', async () => {
      const file = lyingWebm(dir, 352); // 6 min 3 s of audio behind a 1 s header; Free has 5 minutes a month
      expect(ffprobeSeconds(file)).toBeCloseTo(1, 1);

      const { client } = await signedInClient(running.app);
      const created = await upload(client, file, 'lying-6min');
      const failed = await waitForRecording(client, created.id, (r) => r.status === 'failed', 120_000);
      expect(failed.error).toMatchObject({
        code: 'QUOTA_EXCEEDED',
        message: expect.stringMatching(
          /holds at least 5\.\d minutes of audio, although its header says 0\.1.*you have 4\.9 of your 5 minutes left/,
        ),
      });
      expect(await minutesUsed(client)).toBe(0);
    }, 180_000);

    it('cancelling a long transcription frees the speech engine at once for the next job in the queue', async () => {
      const { client } = await signedInClient(running.app, { plan: 'premium' });
      const long = join(dir, 'long.wav');
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '109', '-i', JFK, long]); // about 20 minutes
      const short = join(dir, 'short.wav');
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', JFK, short]);

      const first = await upload(client, long, 'twenty-minutes');
      await waitForRecording(client, first.id, (r) => r.status === 'transcribing', 120_000);
      const next = await upload(client, short, 'next-in-queue');
      await new Promise((r) => setTimeout(r, 3000)); // the speech worker is decoding the long file by now

      const cancelledAt = Date.now();
      expectStatus(await client.api.recordings.cancel({ params: { id: first.id } }), 200);
      await waitForRecording(
        client,
        next.id,
        (r) => r.status === 'transcribing' || r.status === 'completed',
        5_000,
      );
      const startedAfter = Date.now() - cancelledAt;
      // 11 s of speech takes seconds (more on a busy machine: the speech worker stops the cancelled file at its
      // next segment); behind the cancelled 20 minutes it would wait for many minutes.
      await waitForRecording(client, next.id, (r) => r.status === 'completed', 150_000);
      expect(startedAfter).toBeLessThan(5_000);
      expect((await client.api.recordings.get({ params: { id: first.id } })).body).toMatchObject({
        status: 'cancelled',
      });
      // Nothing of the cancelled file stays on the engine: a request the cancel cut off leaves the speech worker's
      // queue within seconds (about 2 s after the next clip completed, measured with pieces of a long file).
      const queueOf = async () =>
        ((await fetch(`${running.dependency.url}/health`).then((r) => r.json())) as { queue: number }).queue;
      const drainedBy = Date.now() + 10_000;
      while ((await queueOf()) > 0 && Date.now() < drainedBy) await new Promise((r) => setTimeout(r, 250));
      expect(await queueOf()).toBe(0);
    }, 400_000);
  },
);
