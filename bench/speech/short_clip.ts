/**
 * Short-clip overhead (issue 16): the 11 s JFK clip through the bare speech worker, then through the product
 * (upload request to `completed`), in one run on one worker, with where the product's extra time goes.
 *
 *   node scripts/build.mjs domain contracts adapters api   # the API runs from its build, as `npm start` does
 *   flock /work/wt/heavy.lock node --conditions=source --import tsx bench/speech/short_clip.ts [runs]
 *
 * The product runs as `npm start` runs it on the embedded adapters: the API process (api/dist/main.js) and a
 * separate job worker process (api/dist/worker-main.js) on one data directory, the speech worker beside them.
 * The client uploads with POST /api/recordings (multipart) and learns of `completed` from the recordings
 * event stream (what the web app listens to), and also by polling GET /api/recordings/:id every 20 ms.
 * Times inside the product come from the events' own `occurredAt` in the event store; probe and conversion are
 * timed separately on the same clip with the same adapter.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { FfmpegMediaToolkit } from '@scrivo/adapters/media/ffmpeg-media-toolkit';
import { LocalWhisperSpeech } from '@scrivo/adapters/speech/local-whisper-speech';
import { startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { signUpOver, startApiProcess } from '../../api/test/support/api-process';
import type { TestClient } from '../../api/test/support/http-client';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIP = sharedAudio('jfk/jfk.wav');
const RUNS = Number(process.argv[2] ?? 5);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;

/** Opens the recordings event stream and resolves, per recording id, when it says `completed`. */
const completions = async (client: TestClient, url: string) => {
  const seen = new Map<string, number>();
  const waiting = new Map<string, (t: number) => void>();
  const abort = new AbortController();
  const response = await fetch(`${url}/api/recordings/events`, {
    headers: { cookie: client.cookieHeader, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('');
        if (!data) continue;
        try {
          const recording = (JSON.parse(data) as { recording?: { id: string; status: string } }).recording;
          if (recording?.status === 'completed' && !seen.has(recording.id)) {
            const now = Date.now();
            seen.set(recording.id, now);
            waiting.get(recording.id)?.(now);
          }
        } catch {
          // not a recording notification
        }
      }
    }
  })();
  return {
    when: (id: string) =>
      new Promise<number>((done) => {
        const t = seen.get(id);
        if (t !== undefined) done(t);
        else waiting.set(id, done);
      }),
    close: () => abort.abort(),
  };
};

interface Timeline {
  total: number;
  sse: number;
  upload: number;
  pickUp: number;
  job: number;
  seen: number;
  events: string;
}

const eventTimes = (dataDir: string, recordingId: string): Map<string, number> => {
  const db = new Database(join(dataDir, 'events.db'), { readonly: true });
  try {
    const rows = db
      .prepare<[string], { type: string; metadata: string }>(
        'SELECT type, metadata FROM events WHERE stream_id = ? ORDER BY revision',
      )
      .all(`recording-${recordingId}`);
    const times = new Map<string, number>();
    for (const row of rows) {
      const at = Date.parse((JSON.parse(row.metadata) as { occurredAt: string }).occurredAt);
      if (!times.has(row.type)) times.set(row.type, at);
    }
    return times;
  } finally {
    db.close();
  }
};

const main = async () => {
  const speech = await startSpeechWorker();
  console.error('speech worker ready');
  const engine = new LocalWhisperSpeech({ baseUrl: speech.url });
  const size = statSync(CLIP).size;
  const bare = async () => {
    const t = performance.now();
    await engine.transcribe({
      audio: createReadStream(CLIP),
      contentType: 'audio/wav',
      sizeBytes: size,
      language: null,
      translate: false,
    });
    return performance.now() - t;
  };

  const media = new FfmpegMediaToolkit();
  const scratch = mkdtempSync(join(tmpdir(), 'scrivo-short-clip-'));
  const dataDir = join(scratch, 'data');
  mkdirSync(dataDir);
  const env = {
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_SPEECH_URL: speech.url,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_LLM_ENGINE: 'none',
  };
  let api: Awaited<ReturnType<typeof startApiProcess>> | null = null;
  let jobWorker: ChildProcess | null = null;
  try {
    api = await startApiProcess(env);
    jobWorker = spawn(process.execPath, ['api/dist/worker-main.js'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      stdio: 'ignore',
    });
    console.error('API ready');
    const client = await signUpOver(api.url, dataDir, `bench-${Date.now()}@example.com`);
    const stream = await completions(client, api.url);
    const clip = readFileSync(CLIP);
    const upload = async (): Promise<Timeline> => {
      const form = new FormData();
      form.set('file', new Blob([clip], { type: 'audio/wav' }), 'jfk.wav');
      const t0 = Date.now();
      const created = await client.api.recordings.create({ body: form });
      const tCreated = Date.now();
      if (created.status !== 201) throw new Error(`upload: ${created.status} ${created.text}`);
      const id = created.body.id;
      const sse = stream.when(id);
      for (;;) {
        const polled = await client.api.recordings.get({ params: { id } });
        const status = polled.status === 200 ? polled.body.status : undefined;
        if (status === 'completed') break;
        if (status === 'failed') throw new Error(`recording failed: ${JSON.stringify(polled.body)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const tPolled = Date.now();
      const tSse = await sse;
      const times = eventTimes(dataDir, id);
      const started = times.get('TranscriptionStarted')!;
      const completed = times.get('TranscriptionCompleted')!;
      return {
        total: tPolled - t0,
        sse: tSse - t0,
        upload: tCreated - t0,
        pickUp: started - tCreated,
        job: completed - started,
        seen: tSse - completed,
        events: [...times].map(([type, at]) => `${type}@${at - t0}`).join(' '),
      };
    };

    // Warm both paths once (first request loads caches), then alternate so drift hits both alike.
    await bare();
    await upload();
    const bares: number[] = [];
    const product: Timeline[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      bares.push(await bare());
      product.push(await upload());
      console.error(
        `run ${i + 1}: bare ${Math.round(bares.at(-1)!)} ms, product ${product.at(-1)!.total} ms`,
      );
    }
    stream.close();

    const probes: number[] = [];
    const conversions: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      let t = performance.now();
      await media.probe(CLIP);
      probes.push(performance.now() - t);
      t = performance.now();
      await media.normalise(CLIP, join(scratch, 'out.wav'));
      conversions.push(performance.now() - t);
    }

    const m = (f: (t: Timeline) => number) => median(product.map(f));
    const bareMs = median(bares);
    const rows: [string, string][] = [
      ['bare worker call (LocalWhisperSpeech.transcribe, jfk.wav)', ms(bareMs)],
      ['product: upload request to `completed` seen on the event stream', ms(m((t) => t.sse))],
      ['product: upload request to `completed` by polling GET every 20 ms', ms(m((t) => t.total))],
      ['ratio (event stream / bare)', (m((t) => t.sse) / bareMs).toFixed(2) + 'x'],
      ['  upload request (POST /api/recordings, answered 201)', ms(m((t) => t.upload))],
      ['    of which ffprobe of the clip (measured alone)', ms(median(probes))],
      ['  job pick-up (201 answered to TranscriptionStarted)', ms(m((t) => t.pickUp))],
      ['  job (TranscriptionStarted to TranscriptionCompleted)', ms(m((t) => t.job))],
      ['    of which ffmpeg conversion to 16 kHz mono WAV (measured alone)', ms(median(conversions))],
      ['    of which the worker call (bare, above)', ms(bareMs)],
      ['  TranscriptionCompleted to `completed` on the event stream', ms(m((t) => t.seen))],
    ];
    console.log(`\n${RUNS} runs each (medians), alternating bare and product:\n`);
    console.log('| step | time |\n|---|---|');
    for (const [step, time] of rows) console.log(`| ${step} | ${time} |`);
    console.log('\nper run (ms):');
    product.forEach((t, i) =>
      console.log(
        `  bare ${Math.round(bares[i]!)}  product ${t.total} (stream ${t.sse})  upload ${t.upload}  pick-up ${t.pickUp}  job ${t.job}  seen ${t.seen}  | ${t.events}`,
      ),
    );
  } finally {
    jobWorker?.kill('SIGTERM');
    await api?.stop();
    await speech.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  process.exitCode = 1;
  console.error(error);
});
