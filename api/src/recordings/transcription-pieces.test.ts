import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '@scrivo/adapters/blobs/local-blob-store';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { type ReadStreamOptions, type RecordedEvent, UpcasterRegistry } from '@scrivo/domain';
import type { ClaimedJob } from '@scrivo/domain/jobs';
import {
  type RecordingCommand,
  recordingDecider,
  recordingStream,
  type SpeakerProfiles,
  type SpeechRecognizer,
  type SpeechRequest,
  type SpeechTranscript,
} from '@scrivo/domain/recordings';
import { StreamRunner } from '../infrastructure/stream-runner';
import { pieceJobId, pieceKey, speakersKey, transcriptionPieceJobHandler } from './transcription-pieces';

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const actor = { kind: 'system' as const, id: 'test' };
const SPANS = [
  { index: 0, start: 0, end: 150 },
  { index: 1, start: 150, end: 300 },
];

/** Recording r1 uploaded, probed, its transcription requested, started and split into these pieces. */
const splitRecording = async (
  runner: StreamRunner,
  options: {
    readonly pieces: readonly { index: number; start: number; end: number }[];
    readonly speakerLabels: boolean;
    readonly mp3: boolean;
  },
): Promise<void> => {
  const now = new Date().toISOString();
  const { pieces, speakerLabels, mp3 } = options;
  const steps: RecordingCommand[] = [
    {
      type: 'CreateRecording',
      recordingId: 'r1',
      ownerId: 'u1',
      title: 'Meeting',
      originalFilename: mp3 ? 'meeting.mp3' : 'meeting.wav',
      source: 'multipart',
      uploadId: null,
      declaredSizeBytes: 100,
      options: { language: null, translate: false },
      now,
    },
    { type: 'CompleteUpload', blobKey: 'recordings/r1/original', sizeBytes: 100, now },
    {
      type: 'RecordProbe',
      media: {
        durationSeconds: pieces[pieces.length - 1]!.end,
        mimeType: mp3 ? 'audio/mpeg' : 'audio/wav',
        mediaKind: 'audio',
        formatName: mp3 ? 'mp3' : 'wav',
        audioCodec: mp3 ? 'mp3' : 'pcm_s16le',
      },
      now,
    },
    { type: 'RequestTranscription', jobId: 'j1', speakerLabels, period: '2026-11', now },
    { type: 'StartTranscription', jobId: 'j1', workerId: 'w1', now },
    { type: 'SplitTranscription', jobId: 'j1', pieces: [...pieces], speakerLabels, now },
  ];
  for (const step of steps)
    await runner.run(recordingDecider, recordingStream('r1'), step, { actor, correlationId: 'test' });
};

/**
 * A recogniser whose pieces each hear two people under their own local labels: in piece 0 Ann is SPEAKER_00 and
 * Bob SPEAKER_01, in piece 1 the other way round (what diarizing each piece alone gives). Its clustering knows
 * them by voice print.
 */
class TwoPeople implements SpeechRecognizer {
  readonly name = 'test:two-people';
  readonly clustered: SpeakerProfiles[][] = [];
  private calls = 0;

  async transcribe(request: SpeechRequest): Promise<SpeechTranscript> {
    const swap = this.calls++ % 2 === 1;
    const [ann, bob] = swap ? ['SPEAKER_01', 'SPEAKER_00'] : ['SPEAKER_00', 'SPEAKER_01'];
    const segment = (id: number, start: number, text: string, speaker: string) => ({
      id,
      start,
      end: start + 2,
      text,
      speaker,
      words: [],
    });
    return {
      language: 'en',
      languageProbability: 0.9,
      durationSeconds: 150,
      text: 'Hello. Hi.',
      segments: [segment(0, 1, ' Hello.', ann), segment(1, 4, ' Hi.', bob)],
      engine: this.name,
      ...(request.speakerProfiles
        ? {
            speakerProfiles: {
              speakers: ['SPEAKER_00', 'SPEAKER_01'],
              tracks: [
                { speaker: ann, embedding: [1, 0], seconds: 2 },
                { speaker: bob, embedding: [0, 1], seconds: 2 },
              ],
              cannotLink: [],
            },
          }
        : {}),
    };
  }

  async clusterSpeakers(pieces: readonly SpeakerProfiles[]): Promise<Record<string, string>[]> {
    this.clustered.push([...pieces]);
    return pieces.map((piece) =>
      Object.fromEntries(
        piece.tracks.map((track) => [track.speaker, track.embedding[0] === 1 ? 'Speaker 1' : 'Speaker 2']),
      ),
    );
  }
}

describe('pieces of a recording that asked for speaker labels', () => {
  let dir: string;
  let store: SqliteEventStore;
  let blobs: LocalBlobStore;
  let runner: StreamRunner;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-pieces-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db') });
    blobs = new LocalBlobStore({ root: join(dir, 'blobs') });
    runner = new StreamRunner({
      store,
      clock: systemClock,
      ids: uuidIds,
      upcasters: new UpcasterRegistry(),
    });
    await splitRecording(runner, { pieces: SPANS, speakerLabels: true, mp3: false });
    for (const { index } of SPANS) await blobs.put(pieceKey('r1', 'j1', index), new Uint8Array(64));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const claimed = (index: number, workerId: string): ClaimedJob => ({
    jobId: pieceJobId('j1', index),
    kind: 'transcription-piece',
    subjectId: 'r1',
    ownerId: 'u1',
    payload: { fileJobId: 'j1', ...SPANS[index]!, total: SPANS.length, speakerLabels: true },
    attempt: 1,
    maxAttempts: 3,
    workerId,
  });

  it('gives one person one label across the pieces, keeps voice prints out of the events, and joins once', async () => {
    const speech = new TwoPeople();
    const handler = transcriptionPieceJobHandler({
      workerId: 'w1',
      runner,
      blobs,
      speech,
      logger: silentLogger,
    });
    const signal = new AbortController().signal;
    await handler.run(claimed(0, 'w1'), signal);
    await handler.run(claimed(1, 'w1'), signal);
    // A redo of the last piece (its worker died before closing the job) adds nothing.
    expect(await handler.stillWanted(claimed(1, 'w2'))).toBe('done');
    await handler.run(claimed(1, 'w2'), signal);

    const events = await store.readStream(recordingStream('r1'));
    const completed = events.filter((e) => e.type === 'TranscriptionCompleted');
    expect(completed).toHaveLength(1);
    const { transcript } = completed[0]!.data as { transcript: SpeechTranscript };
    expect(transcript.segments.map((s) => [s.text.trim(), s.speaker, s.start])).toEqual([
      ['Hello.', 'Speaker 1', 1],
      ['Hi.', 'Speaker 2', 4],
      ['Hello.', 'Speaker 1', 151],
      ['Hi.', 'Speaker 2', 154],
    ]);
    expect(speech.clustered).toHaveLength(1);
    expect(speech.clustered[0]).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain('embedding');
    expect(await blobs.stat(speakersKey('r1', 'j1', 0))).not.toBeNull();
  });
});

/** A store that counts the events its readers are given, and how many of them came opened. */
class CountingStore extends SqliteEventStore {
  read = 0;
  readOpened = 0;
  /** Of the recording's own stream, opened (not its owner's account or glossary). */
  recordingReadOpened = 0;

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await super.readStream(streamId, options);
    this.read += events.length;
    if (!options?.keepSealed) this.readOpened += events.length;
    if (!options?.keepSealed && streamId === recordingStream('r1')) this.recordingReadOpened += events.length;
    return events;
  }
}

describe('the checks of a long recording’s pieces (issue 45, soak: the job worker’s memory)', () => {
  const PIECES = 40;
  const spans = Array.from({ length: PIECES }, (_, index) => ({
    index,
    start: index * 120,
    end: (index + 1) * 120,
  }));
  let dir: string;
  let store: CountingStore;
  let runner: StreamRunner;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-piece-checks-'));
    store = new CountingStore({ path: join(dir, 'events.db') });
    runner = new StreamRunner({ store, clock: systemClock, ids: uuidIds, upcasters: new UpcasterRegistry() });
    await splitRecording(runner, { pieces: spans, speakerLabels: false, mp3: true });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const claimed = (index: number): ClaimedJob => ({
    jobId: pieceJobId('j1', index),
    kind: 'transcription-piece',
    subjectId: 'r1',
    ownerId: 'u1',
    payload: { fileJobId: 'j1', ...spans[index]!, total: PIECES, speakerLabels: false },
    attempt: 1,
    maxAttempts: 3,
    workerId: 'w1',
  });
  const pieceHeard = (index: number) => ({
    language: 'en',
    languageProbability: 0.9,
    engine: 'test',
    segments: [
      { id: 0, start: index * 120 + 1, end: index * 120 + 3, text: ' Hello.', speaker: null, words: [] },
    ],
  });

  it('reads only what was appended since the last check, never the words opened, and still sees a cancel', async () => {
    const handler = transcriptionPieceJobHandler({
      workerId: 'w1',
      runner,
      blobs: new LocalBlobStore({ root: join(dir, 'blobs') }),
      speech: new TwoPeople(),
      logger: silentLogger,
    });
    const readByChecks: number[] = [];
    for (let index = 0; index < PIECES - 1; index++) {
      // JobWorker asks every second while a piece runs: ten times here, then the piece is recorded.
      const before = store.read;
      const openedBefore = store.readOpened;
      for (let check = 0; check < 10; check++)
        expect(await handler.stillWanted(claimed(index))).toBe('wanted');
      readByChecks.push(store.read - before);
      expect(store.readOpened).toBe(openedBefore);
      await runner.run(
        recordingDecider,
        recordingStream('r1'),
        {
          type: 'RecordPieceTranscript',
          jobId: 'j1',
          index,
          transcript: pieceHeard(index),
          now: runner.now(),
        },
        { actor, correlationId: 'test' },
      );
    }
    // The whole stream once (the first check), then the last event seen again and what is new: not the stream
    // (6 events, then one more per piece) at every check.
    expect(readByChecks[0]).toBeLessThanOrEqual(6 + 10);
    expect(Math.max(...readByChecks.slice(1))).toBeLessThanOrEqual(2 + 9);
    expect(await handler.stillWanted(claimed(0))).toBe('done');
    await runner.run(recordingDecider, recordingStream('r1'), {
      type: 'CancelTranscription',
      now: runner.now(),
    });
    expect(await handler.stillWanted(claimed(PIECES - 1))).toBe('unwanted');
  });
  it('runs each piece on what was appended since its worker’s last piece, not on every piece’s words again', async () => {
    const blobs = new LocalBlobStore({ root: join(dir, 'blobs') });
    for (const { index } of spans) await blobs.put(pieceKey('r1', 'j1', index), new Uint8Array(64));
    const handler = transcriptionPieceJobHandler({
      workerId: 'w1',
      runner,
      blobs,
      speech: new TwoPeople(),
      logger: silentLogger,
    });
    const signal = new AbortController().signal;
    const openedByPiece: number[] = [];
    for (let index = 0; index < PIECES; index++) {
      const before = store.recordingReadOpened;
      await handler.run(claimed(index), signal);
      openedByPiece.push(store.recordingReadOpened - before);
    }
    // The whole stream once (the first piece: 6 events), then the last event seen again at the piece's start and
    // before its write; before, every piece read the stream twice (6 + its index events each time).
    expect(openedByPiece[0]).toBeLessThanOrEqual(6 + 2);
    expect(Math.max(...openedByPiece.slice(1))).toBeLessThanOrEqual(2);
    const completed = (await store.readStream(recordingStream('r1'))).filter(
      (e) => e.type === 'TranscriptionCompleted',
    );
    expect(completed).toHaveLength(1);
    const { transcript } = completed[0]!.data as { transcript: SpeechTranscript };
    expect(transcript.segments).toHaveLength(2 * PIECES);
    expect(await handler.stillWanted(claimed(PIECES - 1))).toBe('done');
  });
});
