// Live captions through the product: a paced client on the API's WebSocket (/api/live/socket, signed in, 100 ms
// frames as the browser sends them), the API relaying to the speech worker's POST /live and the text back.
// Word times come from the upload path (the worker's /asr on the same audio), as in bench/live_latency.py, so a
// word's latency does not depend on the times the live engine reports. Results: bench/README.md "Live captions".
// Not part of `npm test` (skipped unless SCRIVO_BENCH=1):
//   SCRIVO_BENCH=1 BENCH_LIVE_SET=en|es|fr|de [BENCH_CLIENTS=1] \
//     npx vitest run --project server bench/live/api-latency.test.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@scrivo/contracts';
import { type SpeechWorkerProcess, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { LiveTestSocket, pcmOfWav } from '../../api/test/live/live-client';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { wavOf } from '../../api/src/live/voiced-segments';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const AUDIO = sharedAudio();
const L = join(AUDIO, 'librispeech-sherpa');
const P = join(AUDIO, 'picovoice-leopard-tests');
const SETS: Record<string, string[]> = {
  // The same English set as bench/live_latency.py: 7 clips, 57.5 s with the pauses.
  en: [
    join(AUDIO, 'jfk/jfk.wav'),
    join(P, 'test.wav'),
    join(AUDIO, 'deepspeech-smoke/LDC93S1.wav'),
    join(L, '1089-134686-0001.wav'),
    join(L, '1221-135766-0001.wav'),
    join(L, '1221-135766-0002.wav'),
    join(AUDIO, 'deepspeech-smoke/new-home-in-the-stars-16k.wav'),
  ],
  es: [join(P, 'test_es.wav')],
  fr: [join(P, 'test_fr.wav')],
  de: [join(P, 'test_de.wav')],
};
const LANGUAGE = process.env.BENCH_LIVE_SET ?? 'en';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1);
const FRAME_BYTES = 3200; // 100 ms of 16 kHz s16le

interface Word {
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

const keyOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
const wordsOf = (text: string) => text.split(/\s+/).map(keyOf).filter(Boolean);

/** Pairs (i, j) of equal words on a minimum edit-distance path (the same alignment as live_latency.py). */
const align = (ref: string[], hyp: string[]): [number, number][] => {
  const d = Array.from({ length: ref.length + 1 }, (_, i) =>
    Array.from({ length: hyp.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? 0;
  for (let i = 1; i <= ref.length; i += 1)
    for (let j = 1; j <= hyp.length; j += 1)
      d[i]![j] = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
  const pairs: [number, number][] = [];
  let i = ref.length;
  let j = hyp.length;
  while (i > 0 && j > 0) {
    const same = ref[i - 1] === hyp[j - 1];
    if (at(i, j) === at(i - 1, j - 1) + (same ? 0 : 1)) {
      if (same) pairs.push([i - 1, j - 1]);
      i -= 1;
      j -= 1;
    } else if (at(i, j) === at(i - 1, j) + 1) i -= 1;
    else j -= 1;
  }
  return pairs.reverse();
};

const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))]! * 100) / 100
    : null;
};

interface Stamped {
  readonly at: number;
  readonly message: LiveServerMessage;
}

/** One paced session: its messages stamped with seconds since its first frame was sent. */
const runClient = async (app: TestApp, pcm: Uint8Array, delayMs: number): Promise<Stamped[]> => {
  await new Promise((r) => setTimeout(r, delayMs));
  const { client } = await signedInClient(app, { plan: 'premium' });
  const live = await LiveTestSocket.open(app.url, client);
  const stamped: Stamped[] = [];
  let t0 = 0;
  live.ws.on('message', (data, isBinary) => {
    if (!isBinary && t0 > 0)
      stamped.push({ at: (performance.now() - t0) / 1000, message: JSON.parse(String(data)) });
  });
  live.send({ type: 'start', title: `latency ${LANGUAGE}`, language: LANGUAGE });
  await live.next('session');
  t0 = performance.now();
  const frames = Math.ceil(pcm.length / FRAME_BYTES);
  for (let i = 0; i < frames; i += 1) {
    const wait = t0 + i * 100 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    live.frame(i + 1, pcm.subarray(i * FRAME_BYTES, Math.min((i + 1) * FRAME_BYTES, pcm.length)));
  }
  // The stop settles what is still partial; the text that comes with it counts, as it would on the page.
  live.send({ type: 'stop' });
  await live.next('stopped', () => true, 60_000);
  await new Promise((r) => setTimeout(r, 500));
  live.close();
  return stamped;
};

const latencies = (messages: Stamped[], upload: Word[]) => {
  const live: { at: number; key: string }[] = [];
  for (const { at, message } of messages)
    if (message.type === 'final') live.push(...wordsOf(message.text).map((key) => ({ at, key })));
  const partial: number[] = [];
  const final: number[] = [];
  for (const [i, j] of align(
    upload.map((w) => w.key),
    live.map((w) => w.key),
  )) {
    const word = upload[i]!;
    const settled = live[j]!;
    final.push(settled.at - word.end);
    const shown = messages.find(
      ({ at, message }) =>
        at >= word.start &&
        (message.type === 'partial' || message.type === 'final') &&
        wordsOf(message.text).includes(settled.key),
    );
    partial.push(Math.min(shown?.at ?? settled.at, settled.at) - word.end);
  }
  return { partial, final };
};

describe.skipIf(!process.env.SCRIVO_BENCH)('bench: live caption latency through the API WebSocket', () => {
  let speech: SpeechWorkerProcess;
  let app: TestApp;
  beforeAll(async () => {
    speech = await startSpeechWorker();
    app = await startTestApp({ SCRIVO_SPEECH_URL: speech.url });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
  });

  it(`measures ${LANGUAGE} with ${CLIENTS} client(s)`, async () => {
    const files = SETS[LANGUAGE];
    if (!files) throw new Error(`BENCH_LIVE_SET must be one of ${Object.keys(SETS).join(', ')}`);
    const pieces = files.map((f) => pcmOfWav(readFileSync(f)));
    const pause = new Uint8Array(32_000);
    const pcm = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0) + pause.length * (pieces.length - 1));
    let offset = 0;
    for (const [i, p] of pieces.entries()) {
      if (i > 0) offset += pause.length;
      pcm.set(p, offset);
      offset += p.length;
    }

    const response = await fetch(`${speech.url}/asr?language=${LANGUAGE}`, {
      method: 'POST',
      headers: { 'Content-Type': 'audio/wav' },
      body: Buffer.from(wavOf(pcm)),
    });
    const asr = (await response.json()) as {
      segments: { words: { text: string; start: number; end: number }[] }[];
    };
    const upload = asr.segments
      .flatMap((s) => s.words)
      .map((w) => ({ key: keyOf(w.text), start: w.start, end: w.end }))
      .filter((w) => w.key);

    const runs = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => runClient(app, pcm, i * 100)));
    const partial: number[] = [];
    const final: number[] = [];
    for (const run of runs) {
      const l = latencies(run, upload);
      partial.push(...l.partial);
      final.push(...l.final);
    }
    const behind = runs.some((run) => run.some(({ message }) => message.type === 'lag' && message.behind));
    const result = {
      language: LANGUAGE,
      clients: CLIENTS,
      audioSeconds: Math.round((pcm.length / 32_000) * 10) / 10,
      matched: `${final.length}/${upload.length * CLIENTS}`,
      partialP50: pct(partial, 0.5),
      partialP95: pct(partial, 0.95),
      finalP50: pct(final, 0.5),
      finalP95: pct(final, 0.95),
      fellBehind: behind,
    };
    console.log(JSON.stringify(result));
    expect(final.length).toBeGreaterThan(0);
  }, 600_000);
});
