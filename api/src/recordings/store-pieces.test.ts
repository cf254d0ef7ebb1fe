import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LocalBlobStore } from '@scrivo/adapters/blobs/local-blob-store';
import { cutAtPauses, type PieceSpan } from '@scrivo/domain/recordings';
import { longRecording } from '../../test/recordings/support/long-recording';
import { type PieceSettings, pieceKey, storePieces } from './transcription-pieces';

const REPO = join(import.meta.dirname, '../../..');
const MEMORY_PROBE = join(REPO, 'api/test/recordings/support/piece-cut-memory.ts');
const target = { recordingId: 'r1', fileJobId: 'j1' };
/** The memory probe's one line: how far the process grew while it cut (MiB). */
const probeAnswer = z.object({
  pieces: z.number(),
  rssGrowthMb: z.number(),
  heapAndBuffersGrowthMb: z.number(),
});

/**
 * What the file job stored before it streamed: the whole WAV read into memory, its samples cut at pauses, each
 * piece's bytes copied behind a header. Kept here as the reference the streamed pieces must match byte for byte.
 */
const piecesInMemory = (wav: Buffer, settings: PieceSettings): { spans: PieceSpan[]; wavs: Buffer[] } => {
  let sampleRate: number | null = null;
  let data: Buffer | null = null;
  for (let at = 12; at + 8 <= wav.length && !data;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12);
    if (id === 'data' && sampleRate !== null)
      data = wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  if (!data || sampleRate === null) throw new Error('not a WAV file');
  const rate = sampleRate;
  const pcm = data;
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const spans = cutAtPauses(samples, {
    sampleRate: rate,
    pieceSeconds: settings.pieceSeconds,
    windowSeconds: settings.windowSeconds,
    quietSeconds: 0.3,
  });
  const wavs = spans.map((piece) => {
    const body = pcm.subarray(
      Math.round(piece.start * rate) * 2,
      Math.min(pcm.length, Math.round(piece.end * rate) * 2),
    );
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(36 + body.length, 4);
    header.write('WAVEfmt ', 8, 'ascii');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(rate, 24);
    header.writeUInt32LE(rate * 2, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'ascii');
    header.writeUInt32LE(body.length, 40);
    return Buffer.concat([header, body]);
  });
  return { spans, wavs };
};

const bytesOf = async (blobs: LocalBlobStore, key: string) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of (await blobs.get(key)).body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

const ffmpegArgs = (input: string) =>
  ['-v', 'error', '-nostdin', '-y', '-i', input, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000'].concat([
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
  ]);

describe('cutting a decoded recording into stored pieces', () => {
  let dir: string;
  let five: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-store-pieces-'));
    five = join(dir, 'five.wav');
    // Five minutes of real read speech (LibriSpeech voices and known clips, 1.5 s pauses between them).
    writeFileSync(five, longRecording(dir, 5).wav);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    { name: 'a plain 44-byte header', make: (wav: string) => wav },
    {
      name: 'the header ffmpeg writes to a file (a LIST chunk before the data)',
      make: (wav: string) => {
        const out = join(dir, 'ffmpeg.wav');
        execFileSync('ffmpeg', [...ffmpegArgs(wav), out]);
        return out;
      },
    },
    {
      name: 'the header ffmpeg writes to a pipe (sizes left unset)',
      make: (wav: string) => {
        const out = join(dir, 'pipe.wav');
        writeFileSync(out, execFileSync('ffmpeg', [...ffmpegArgs(wav), 'pipe:1'], { maxBuffer: 64 << 20 }));
        return out;
      },
    },
  ])(
    'stores the same pieces, byte for byte, as cutting the whole file in memory, from $name',
    async ({ make }) => {
      const wav = make(five);
      for (const [run, settings] of [
        { thresholdSeconds: 240, pieceSeconds: 120, windowSeconds: 30 },
        { thresholdSeconds: 240, pieceSeconds: 45, windowSeconds: 15 },
      ].entries()) {
        const blobs = new LocalBlobStore({ root: join(dir, `blobs-${run}-${Date.now()}`) });
        const expected = piecesInMemory(readFileSync(wav), settings);
        const stored = await storePieces({ blobs }, wav, target, settings);
        expect(stored).toEqual(expected.spans);
        expect(stored!.length).toBeGreaterThanOrEqual(run === 0 ? 2 : 6);
        for (const piece of stored!) {
          const bytes = await bytesOf(blobs, pieceKey(target.recordingId, target.fileJobId, piece.index));
          expect(bytes.length).toBe(expected.wavs[piece.index]!.length);
          expect(bytes.equals(expected.wavs[piece.index]!)).toBe(true);
        }
      }
    },
  );

  it('keeps a recording under the threshold whole without storing anything', async () => {
    const blobs = new LocalBlobStore({ root: join(dir, 'blobs-short') });
    const settings = { thresholdSeconds: 300, pieceSeconds: 120, windowSeconds: 30 };
    expect(await storePieces({ blobs }, five, target, settings)).toBeNull();
    expect(await blobs.stat(pieceKey(target.recordingId, target.fileJobId, 0))).toBeNull();
  });

  it('cuts an hour of audio with the job’s memory growing by well under the file’s size', () => {
    // An hour (115 MB decoded): the five minutes twelve times over. Held whole, the file alone is 110 MiB, and
    // the cut before streaming grew the process by ~150 MiB on it.
    const hour = join(dir, 'hour.wav');
    execFileSync('sox', [five, hour, 'repeat', '11']);
    // A fresh process, so the growth measured is the cut's alone and not this file's other tests'.
    const probe = spawnSync(
      process.execPath,
      ['--expose-gc', '--conditions=source', '--import', 'tsx', MEMORY_PROBE, hour, join(dir, 'blobs-hour')],
      { cwd: REPO, encoding: 'utf8', timeout: 60_000 },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const measured = probeAnswer.parse(JSON.parse(probe.stdout.trim().split('\n').at(-1)!));
    expect(measured.pieces).toBe(30);
    // What is left is ~6 MiB of frame energies an hour and the streams' chunks not yet collected.
    expect(measured.rssGrowthMb).toBeLessThan(64);
    expect(measured.heapAndBuffersGrowthMb).toBeLessThan(64);
  }, 60_000);
});
