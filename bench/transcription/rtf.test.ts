// Real-time factor of the whole product path (POST /api/recordings -> transcript ready) against the bare
// faster-whisper call (`worker/scripts/bench.py --bare`: WhisperModel.transcribe on the file, same options),
// on the same file, model and threads, alternated side by side. Results: bench/README.md "Transcription".
// Not part of `npm test` (skipped unless SCRIVO_BENCH=1):
//   SCRIVO_BENCH=1 [BENCH_REPEAT=3] [BENCH_ROUNDS=2] [SCRIVO_WHISPER_THREADS=2] \
//     npx vitest run --project server bench/transcription/rtf.test.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type SpeechWorkerProcess, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { expectStatus } from '../../api/test/support/expect-status';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { bareEngineSeconds } from './bare-engine';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const THREADS = process.env.SCRIVO_WHISPER_THREADS ?? '2';

// The second run: model loaded and warm, as in the long-running speech worker.
const bare = (file: string): number => bareEngineSeconds(file, { threads: THREADS, runs: 2 });

describe.skipIf(!process.env.SCRIVO_BENCH)('bench: whole path vs bare engine', () => {
  let speech: SpeechWorkerProcess;
  let app: TestApp;
  let tmp: string;
  let file: string;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-bench-rtf-'));
    file = join(tmp, `jfk-x${REPEAT}.wav`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-stream_loop',
      String(REPEAT - 1),
      '-i',
      JFK,
      '-c',
      'copy',
      file,
    ]);
    speech = await startSpeechWorker({ SCRIVO_WHISPER_THREADS: THREADS });
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'true', SCRIVO_SPEECH_URL: speech.url });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('measures both, alternating', async () => {
    // Premium: transcription only, as the bare engine does (Business Pro adds speaker labels).
    const { client } = await signedInClient(app, { plan: 'premium' });
    const bytes = readFileSync(file);
    const duration = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
        encoding: 'utf8',
      }),
    );
    const product = async (): Promise<number> => {
      const t0 = performance.now();
      const form = new FormData();
      form.set('file', new Blob([bytes]), 'bench.wav');
      const created = await client.api.recordings.create({ body: form });
      expectStatus(created, 201, created.text);
      const id = created.body.id;
      for (;;) {
        const polled = await client.api.recordings.get({ params: { id } });
        const body = polled.status === 200 ? polled.body : undefined;
        if (body?.status === 'completed') return (performance.now() - t0) / 1000;
        if (body?.status === 'failed') throw new Error(JSON.stringify(body.error));
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await product(); // warm the path once (first model call, SQLite pages)
    const rows: { bare: number; product: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) rows.push({ bare: bare(file), product: await product() });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const b = median(rows.map((r) => r.bare));
    const p = median(rows.map((r) => r.product));
    console.log(
      JSON.stringify({
        file: `jfk x${REPEAT}`,
        audioSeconds: duration,
        threads: THREADS,
        cpus: cpus().length,
        loadAverage: loadavg()[0],
        rounds: rows,
        bareRtf: +(b / duration).toFixed(3),
        productRtf: +(p / duration).toFixed(3),
        overheadPercent: +(((p - b) / b) * 100).toFixed(1),
      }),
    );
  }, 1_800_000);
});
