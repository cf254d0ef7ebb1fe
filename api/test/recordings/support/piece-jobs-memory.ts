/**
 * The job worker's memory while it works one long file's pieces, one after the other, the way worker-main.ts
 * runs them: the real piece handler (transcription-pieces.ts) on the embedded stores (SQLite events sealed with
 * per-person keys, local blobs), its "still wanted" check every second while a piece runs (as JobWorker does), and a
 * speech engine that answers each piece after `--piece-ms` with a transcript of real speech's size (2.6 words a
 * second of the LibriSpeech texts, a segment every ~6 s). Prints one JSON line per `--every` pieces: the
 * process's resident memory, V8 heap, external and array-buffer memory, and how long one state load took.
 *
 *   node --conditions=source --import tsx api/test/recordings/support/piece-jobs-memory.ts \
 *     [--pieces 90] [--piece-seconds 120] [--piece-ms 3000] [--every 10] [--no-timed-load]
 *
 * The timed load is the probe's own read of the whole stream, opened: it shows what one load costs, and raises the
 * process's high-water mark as much; `--no-timed-load` leaves the memory to the handler alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalBlobStore } from '@scrivo/adapters/blobs/local-blob-store';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { AesGcmCipher } from '@scrivo/adapters/keys/aes-gcm-cipher';
import { SealingEventStore } from '@scrivo/adapters/keys/sealing-event-store';
import { SqliteKeyStore } from '@scrivo/adapters/keys/sqlite-key-store';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { UpcasterRegistry } from '@scrivo/domain';
import type { ClaimedJob } from '@scrivo/domain/jobs';
import {
  recordingDecider,
  recordingStream,
  type Segment,
  type SpeechRecognizer,
} from '@scrivo/domain/recordings';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { recordingOf } from '../../../../domain/src/recordings/testing/completed-recording';
import { StreamRunner } from '../../../src/infrastructure/stream-runner';
import { pieceKey, transcriptionPieceJobHandler } from '../../../src/recordings/transcription-pieces';

const { values } = parseArgs({
  options: {
    pieces: { type: 'string', default: '90' },
    'piece-seconds': { type: 'string', default: '120' },
    'piece-ms': { type: 'string', default: '3000' },
    every: { type: 'string', default: '10' },
    'no-timed-load': { type: 'boolean', default: false },
  },
});
const PIECES = Number(values.pieces);
const PIECE_SECONDS = Number(values['piece-seconds']);
const PIECE_MS = Number(values['piece-ms']);
const EVERY = Number(values.every);

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
/** The most this process has held resident so far (VmHWM, Linux). */
const peakRssMb = () =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 102.4) / 10;

/** Real speech's words, in order, round and round. */
const corpus = readFileSync(sharedAudio('librispeech-sherpa/trans.txt'), 'utf8')
  .split('\n')
  .flatMap((line) => line.split('\t')[1]?.toLowerCase().split(' ') ?? [])
  .filter((word) => word.length > 0);

/** What the engine hears in one piece: 2.6 words a second, a segment every 16 words. */
const heardIn = (seconds: number, from: number): Segment[] => {
  const segments: Segment[] = [];
  const count = Math.round(seconds * 2.6);
  for (let w = 0; w < count; w += 16) {
    const words = Array.from({ length: Math.min(16, count - w) }, (_, i) => {
      const start = ((w + i) * seconds) / count;
      return {
        start,
        end: start + (0.8 * seconds) / count,
        text: ` ${corpus[(from + w + i) % corpus.length]}`,
        probability: 0.9,
      };
    });
    segments.push({
      id: segments.length,
      start: words[0]!.start,
      end: words.at(-1)!.end,
      text: words.map((word) => word.text).join(''),
      speaker: null,
      words,
    });
  }
  return segments;
};

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scrivo-piece-memory-'));
  const keys = new SqliteKeyStore({ path: join(dir, 'keys.db') });
  const events = new SealingEventStore(
    new SqliteEventStore({ path: join(dir, 'events.db') }),
    new AesGcmCipher(keys),
  );
  const blobs = new LocalBlobStore({ root: join(dir, 'blobs') });
  const runner = new StreamRunner({
    store: events,
    clock: systemClock,
    ids: uuidIds,
    upcasters: new UpcasterRegistry(),
  });
  const duration = PIECES * PIECE_SECONDS;
  const meeting = recordingOf(duration, 'Meeting', 'meeting.mp3');
  const spans = Array.from({ length: PIECES }, (_, index) => ({
    index,
    start: index * PIECE_SECONDS,
    end: (index + 1) * PIECE_SECONDS,
  }));
  const at = new Date().toISOString();
  await events.append(
    recordingStream('r1'),
    [
      ...meeting.ready,
      meeting.requested,
      meeting.started,
      { type: 'TranscriptionSplit', data: { recordingId: 'r1', jobId: 'j1', pieces: spans, at } },
    ].map((event) => ({
      type: event.type,
      data: event.data,
      schemaVersion: 1,
      metadata: {
        eventId: uuidIds.next(),
        correlationId: 'j1',
        causationId: null,
        actor: { kind: 'system' as const, id: 'probe' },
        occurredAt: at,
      },
    })),
    { expectedRevision: 'no_stream' },
  );
  // Each piece's audio: a header and a second of silence is enough, the engine below does not read it.
  const wav = Buffer.alloc(44 + 32_000);
  wav.write('RIFF', 0, 'ascii');
  for (const { index } of spans) await blobs.put(pieceKey('r1', 'j1', index), wav);

  let heard = 0;
  let checks = 0;
  const speech: SpeechRecognizer = {
    name: 'probe',
    transcribe: async (request) => {
      for await (const _ of request.audio as AsyncIterable<Buffer>); // read the piece, as a client would
      await new Promise((resolve) => setTimeout(resolve, PIECE_MS));
      const segments = heardIn(PIECE_SECONDS, heard);
      heard += segments.reduce((n, s) => n + s.words.length, 0);
      return {
        language: 'en',
        languageProbability: 0.98,
        durationSeconds: PIECE_SECONDS,
        segments,
        engine: 'probe',
        text: segments.map((s) => s.text).join(''),
      };
    },
  };
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const handler = transcriptionPieceJobHandler({ workerId: 'w1', runner, blobs, speech, logger });

  const report = (piecesDone: number, loadMs: number) => {
    const m = process.memoryUsage();
    // With --expose-gc: what is still held once the garbage is gone.
    global.gc?.();
    const held = process.memoryUsage();
    console.log(
      JSON.stringify({
        piecesDone,
        rssMb: mb(m.rss),
        heapUsedMb: mb(m.heapUsed),
        heapTotalMb: mb(m.heapTotal),
        externalMb: mb(m.external),
        arrayBuffersMb: mb(m.arrayBuffers),
        peakRssMb: peakRssMb(),
        heapUsedAfterGcMb: mb(held.heapUsed),
        rssAfterGcMb: mb(held.rss),
        loadMs: Math.round(loadMs),
        checks,
      }),
    );
  };
  const timedLoad = async () => {
    if (values['no-timed-load']) return Number.NaN;
    const startedAt = performance.now();
    await runner.load(recordingDecider, recordingStream('r1'));
    return performance.now() - startedAt;
  };
  report(0, await timedLoad());
  for (const span of spans) {
    const job: ClaimedJob = {
      jobId: `j1-piece-${span.index}`,
      kind: 'transcription-piece',
      subjectId: 'r1',
      ownerId: 'u1',
      payload: { fileJobId: 'j1', ...span, total: PIECES, speakerLabels: false },
      attempt: 1,
      maxAttempts: 3,
      workerId: 'w1',
    };
    // JobWorker's watch: the piece is asked after every second whether it is still wanted.
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      void handler.stillWanted(job).finally(() => {
        checking = false;
        checks += 1;
      });
    }, 1000);
    try {
      await handler.run(job, new AbortController().signal);
    } finally {
      clearInterval(watch);
    }
    if ((span.index + 1) % EVERY === 0) report(span.index + 1, await timedLoad());
  }
  await events.close();
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
};

void main();
