// One long file spread over several speech workers (issue 29): the same MP3 through the whole product (API, job
// queue, job-worker processes, speech workers) with 1, 2, ... speech workers of one thread each, every pair of
// processes (job worker + speech worker) taking pieces of the file from the shared queue. Also the file as one
// unit of work (pieces off), so the joined transcript can be compared with the whole-file one in the same run.
// Not part of `npm test` (skipped unless SCRIVO_BENCH=1):
//   SCRIVO_BENCH=1 [BENCH_MINUTES=60] [BENCH_WORKERS=1,2] [BENCH_PLAN=premium] \
//     flock /work/wt/heavy.lock npx vitest run --project server bench/transcription/scale-out.test.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type SpeechWorkerProcess, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { wordErrorRate } from '@scrivo/adapters/speech/word-error-rate';
import { PLAN_IDS } from '@scrivo/domain/recordings';
import { type JobWorkerProcess, startJobWorker } from '../../api/test/recordings/support/job-worker-process';
import { bodyOf, expectStatus } from '../../api/test/support/expect-status';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp } from '../../api/test/support/test-app';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const AUDIO = sharedAudio();
const MINUTES = Number(process.env.BENCH_MINUTES ?? '60');
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
// Premium: transcription alone; business_pro adds speaker labels (clustered over every piece).
const PLAN = PLAN_IDS.find((plan) => plan === process.env.BENCH_PLAN) ?? 'premium';

// Real voices, one utterance each, in a fixed order: the file is many speakers reading, looped to length.
const VOICES = join(AUDIO, 'librispeech-voices');

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

interface Mode {
  readonly name: string;
  readonly workers: number;
  /** What the API and the job workers are started with on top of the defaults. */
  readonly env: Record<string, string>;
}

const modes: Mode[] = [
  // The whole file as one unit: pieces only above a length no file has.
  { name: 'whole file, 1 worker', workers: 1, env: { SCRIVO_PIECE_THRESHOLD_SECONDS: String(10 * 3600) } },
  ...WORKERS.map((workers) => ({ name: `pieces, ${workers} worker(s)`, workers, env: {} })),
];

describe.skipIf(!process.env.SCRIVO_BENCH)('bench: one long file over several speech workers', () => {
  let tmp: string;
  let file: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-bench-scale-'));
    const listing = execFileSync('ls', [VOICES], { encoding: 'utf8' })
      .split('\n')
      .filter((name) => name.endsWith('.wav') || name.endsWith('.flac'))
      .sort();
    writeFileSync(join(tmp, 'list.txt'), listing.map((name) => `file '${join(VOICES, name)}'`).join('\n'));
    ffmpeg(
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      join(tmp, 'list.txt'),
      '-ac',
      '1',
      '-ar',
      '16000',
      join(tmp, 'set.wav'),
    );
    file = join(tmp, `long${MINUTES}.mp3`);
    ffmpeg(
      '-stream_loop',
      '-1',
      '-i',
      join(tmp, 'set.wav'),
      '-t',
      String(MINUTES * 60),
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      file,
    );
  }, 600_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('reports wall time per number of workers, and the joined transcript against the whole-file one', async () => {
    const rows: Record<string, unknown>[] = [];
    const texts = new Map<string, string>();
    for (const mode of modes) {
      const speech: SpeechWorkerProcess[] = [];
      const jobWorkers: JobWorkerProcess[] = [];
      const app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', ...mode.env });
      try {
        for (let i = 0; i < mode.workers; i++) {
          const worker = await startSpeechWorker({ SCRIVO_WHISPER_THREADS: '1' });
          speech.push(worker);
          const jobs = startJobWorker({
            SCRIVO_DATA_DIR: app.dataDir,
            SCRIVO_SPEECH_URL: worker.url,
            SCRIVO_WORKER_ID: `bench-${i}`,
            ...mode.env,
          });
          jobWorkers.push(jobs);
          await jobs.started;
        }
        const { client } = await signedInClient(app, { plan: PLAN });
        const t0 = performance.now();
        const form = new FormData();
        form.set('file', new Blob([readFileSync(file)]), `long${MINUTES}.mp3`);
        const created = await client.api.recordings.create({ body: form });
        expectStatus(created, 201, created.text);
        const id = created.body.id;
        let firstWordsAt: number | null = null;
        for (;;) {
          const polled = await client.api.recordings.get({ params: { id } });
          const body = polled.status === 200 ? polled.body : undefined;
          if (body?.status === 'completed') break;
          if (body?.status === 'failed') throw new Error(JSON.stringify(body.error));
          if (firstWordsAt === null && body !== undefined && body.progress > 0)
            firstWordsAt = performance.now();
          await new Promise((r) => setTimeout(r, 500));
        }
        const wall = (performance.now() - t0) / 1000;
        const { text, segments } = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
        texts.set(mode.name, text);
        const whole = texts.get(modes[0]!.name);
        rows.push({
          mode: mode.name,
          workers: mode.workers,
          minutes: MINUTES,
          wallSeconds: +wall.toFixed(1),
          firstProgressSeconds: firstWordsAt === null ? null : +((firstWordsAt - t0) / 1000).toFixed(1),
          words: text.split(/\s+/).filter(Boolean).length,
          speakers: new Set(segments.map((s) => s.speaker)).size,
          werAgainstWholeFile: whole && mode !== modes[0] ? +wordErrorRate(whole, text).toFixed(4) : null,
          loadAverage: +loadavg()[0].toFixed(2),
        });
        console.log(JSON.stringify(rows.at(-1)));
      } finally {
        for (const worker of jobWorkers) await worker.stop();
        await app.close();
        for (const worker of speech) await worker.stop();
      }
    }
    console.log(JSON.stringify({ cpus: cpus().length, plan: PLAN, rows }));
  }, 7_200_000);
});
