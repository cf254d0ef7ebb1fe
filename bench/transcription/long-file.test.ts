// Long files through the whole product: POST /api/recordings with an MP3 of 15, 30 and 60 minutes -> completed.
// For each length a fresh speech worker, so its peak resident memory (VmHWM) belongs to that file alone; the
// Node process (API + in-process job worker) is sampled every 250 ms. Optionally the bare faster-whisper call
// on the same file (`worker/scripts/bench.py --bare`) for the real-time factor side by side.
// Not part of `npm test` (skipped unless SCRIVO_BENCH=1):
//   SCRIVO_BENCH=1 [BENCH_MINUTES=15,30,60] [BENCH_BARE_MINUTES=15] [SCRIVO_WHISPER_THREADS=2] \
//     npx vitest run --project server bench/transcription/long-file.test.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../../api/test/support/expect-status';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp } from '../../api/test/support/test-app';
import { bareEngineSeconds } from './bare-engine';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const AUDIO = sharedAudio();
const MINUTES = (process.env.BENCH_MINUTES ?? '15,30,60').split(',').map(Number);
const BARE_MINUTES = (process.env.BENCH_BARE_MINUTES ?? '15').split(',').filter(Boolean).map(Number);
const THREADS = process.env.SCRIVO_WHISPER_THREADS ?? '2';

// Every English clip we have (81.5 s together), looped: real speech of several speakers, not one sentence.
const CLIPS = [
  'jfk/jfk.wav',
  'librispeech-sherpa/1089-134686-0001.wav',
  'librispeech-sherpa/1221-135766-0001.wav',
  'librispeech-sherpa/1221-135766-0002.wav',
  'picovoice-leopard-tests/test.wav',
  'deepspeech-smoke/LDC93S1.wav',
  'deepspeech-smoke/new-home-in-the-stars-16k.wav',
  'pyannote-sample/sample.wav',
];

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

const vmHwmKb = (pid: number): number =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

describe.skipIf(!process.env.SCRIVO_BENCH)('bench: long files through the whole product', () => {
  let tmp: string;
  const files = new Map<number, string>();
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-bench-long-'));
    const list = CLIPS.map((clip, i) => {
      const out = join(tmp, `c${i}.wav`);
      ffmpeg('-i', join(AUDIO, clip), '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', out);
      return `file '${out}'`;
    });
    writeFileSync(join(tmp, 'list.txt'), list.join('\n'));
    ffmpeg('-f', 'concat', '-safe', '0', '-i', join(tmp, 'list.txt'), '-c', 'copy', join(tmp, 'set.wav'));
    for (const minutes of new Set([...MINUTES, ...BARE_MINUTES])) {
      const file = join(tmp, `long${minutes}.mp3`);
      ffmpeg(
        '-stream_loop',
        '-1',
        '-i',
        join(tmp, 'set.wav'),
        '-t',
        String(minutes * 60),
        '-c:a',
        'libmp3lame',
        '-b:a',
        '64k',
        file,
      );
      files.set(minutes, file);
    }
  }, 600_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('transcribes each length; reports wall time, real-time factor and peak memory', async () => {
    const rows: Record<string, unknown>[] = [];
    for (const minutes of MINUTES) {
      const file = files.get(minutes)!;
      const speech = await startSpeechWorker({ SCRIVO_WHISPER_THREADS: THREADS });
      const app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'true', SCRIVO_SPEECH_URL: speech.url });
      let nodePeak = process.memoryUsage().rss;
      const sampler = setInterval(() => (nodePeak = Math.max(nodePeak, process.memoryUsage().rss)), 250);
      try {
        // Premium: transcription only, as the bare engine does (Business Pro adds speaker labels).
        const { client } = await signedInClient(app, { plan: 'premium' });
        const nodeStart = process.memoryUsage().rss;
        const t0 = performance.now();
        const form = new FormData();
        form.set('file', new Blob([readFileSync(file)]), `long${minutes}.mp3`);
        const created = await client.api.recordings.create({ body: form });
        expectStatus(created, 201, created.text);
        const id = created.body.id;
        for (;;) {
          const polled = await client.api.recordings.get({ params: { id } });
          const body = polled.status === 200 ? polled.body : undefined;
          if (body?.status === 'completed') break;
          if (body?.status === 'failed') throw new Error(JSON.stringify(body.error));
          await new Promise((r) => setTimeout(r, 500));
        }
        const wall = (performance.now() - t0) / 1000;
        const { segments } = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
        rows.push({
          minutes,
          mp3Bytes: statSync(file).size,
          productSeconds: +wall.toFixed(1),
          productRtf: +(wall / (minutes * 60)).toFixed(3),
          segments: segments.length,
          lastSegmentEnd: segments.at(-1)?.end,
          speechWorkerPeakMb: Math.round(vmHwmKb(speech.process.pid!) / 1024),
          nodeRssStartMb: Math.round(nodeStart / 1e6),
          nodeRssPeakMb: Math.round(nodePeak / 1e6),
          loadAverage: +loadavg()[0].toFixed(2),
        });
      } finally {
        clearInterval(sampler);
        await app.close();
        await speech.stop();
      }
      console.log(JSON.stringify(rows.at(-1)));
    }
    for (const minutes of BARE_MINUTES) {
      const seconds = bareEngineSeconds(files.get(minutes)!, { threads: THREADS, runs: 1 });
      const row = { minutes, bareSeconds: seconds, bareRtf: +(seconds / (minutes * 60)).toFixed(3) };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    console.log(JSON.stringify({ threads: THREADS, cpus: cpus().length, rows }));
  }, 7_200_000);
});
