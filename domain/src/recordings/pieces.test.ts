import { describe, expect, it } from 'vitest';
import {
  cutAtPauses,
  cutsFromFrameEnergies,
  FrameEnergyMeter,
  frameEnergiesOf,
  joinPieces,
  offsetPiece,
  type PieceSpan,
  type PieceTranscript,
} from './pieces';
import type { Segment, TranscriptBody } from './transcript';

const RATE = 1000;
const rule = { pieceSeconds: 60, windowSeconds: 10, quietSeconds: 0.3 };
const options = { sampleRate: RATE, ...rule };
/** The decision the job makes: from the frames' energies, never the samples. */
const cut = (samples: Int16Array): PieceSpan[] => cutsFromFrameEnergies(frameEnergiesOf(samples, RATE), rule);

/** Loud "speech" everywhere except quiet stretches [start, end) in seconds. */
const speechWithPauses = (seconds: number, pauses: readonly [number, number][]): Int16Array => {
  const samples = new Int16Array(seconds * RATE);
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    const quiet = pauses.some(([start, end]) => t >= start && t < end);
    samples[i] = quiet ? (i % 7) - 3 : Math.round(8000 * Math.sin(i * 0.3));
  }
  return samples;
};

describe('cutting a long recording at pauses', () => {
  it('cuts in the middle of the quietest stretch near each aimed-at point, never in speech', () => {
    const pieces = cut(
      speechWithPauses(200, [
        [54, 54.6],
        [117, 117.5],
      ]),
    );
    expect(pieces).toHaveLength(3);
    expect(pieces[0]!.start).toBe(0);
    expect(pieces[0]!.end).toBeGreaterThan(54);
    expect(pieces[0]!.end).toBeLessThan(54.6);
    expect(pieces[1]!.end).toBeGreaterThan(117);
    expect(pieces[1]!.end).toBeLessThan(117.5);
    expect(pieces[2]).toMatchObject({ index: 2, start: pieces[1]!.end, end: 200 });
  });

  it('takes the quieter of two pauses in the window', () => {
    const samples = speechWithPauses(130, [
      [57, 57.5],
      [66, 66.5],
    ]);
    // The earlier pause still holds a murmur; the later one is silent.
    for (let i = 57 * RATE; i < 57.5 * RATE; i++) samples[i] = 900;
    for (let i = 66 * RATE; i < 66.5 * RATE; i++) samples[i] = 0;
    const [first] = cut(samples);
    expect(first!.end).toBeGreaterThan(66);
    expect(first!.end).toBeLessThan(66.5);
  });

  it('leaves a recording of less than one and a half pieces whole, and gives a short tail to the piece before', () => {
    expect(cut(speechWithPauses(85, []))).toEqual([{ index: 0, start: 0, end: 85 }]);
    const pieces = cut(speechWithPauses(150, [[60, 60.5]]));
    expect(pieces).toHaveLength(2);
    expect(pieces[0]!.end).toBeGreaterThan(60);
    expect(pieces[0]!.end).toBeLessThan(60.5);
  });

  it('covers the whole recording with pieces that follow one another', () => {
    const pieces = cut(speechWithPauses(1200, []));
    expect(pieces.length).toBeGreaterThanOrEqual(19);
    pieces.forEach((piece, i) => {
      expect(piece.index).toBe(i);
      if (i > 0) expect(piece.start).toBe(pieces[i - 1]!.end);
      expect(piece.end - piece.start).toBeGreaterThanOrEqual(30);
    });
    expect(pieces.at(-1)!.end).toBe(1200);
  });

  it('chooses the same cuts from frame energies measured a slice at a time as from the whole recording at once', () => {
    // Pauses murmured at different levels, a length that ends mid-frame: nothing here is a tie to hide behind.
    const samples = speechWithPauses(400, [
      [55, 55.6],
      [63, 63.4],
      [118, 118.5],
      [176, 176.7],
      [241, 241.3],
      [300, 300.4],
    ]);
    const longer = new Int16Array(samples.length + 7);
    longer.set(samples);
    for (let i = 0; i < longer.length; i++) if (Math.abs(longer[i]!) <= 3) longer[i] = (i * 31) % 97;

    // A file read a chunk at a time: slices of every odd size, most of them splitting a frame.
    const meter = new FrameEnergyMeter(RATE);
    for (let at = 0, size = 1; at < longer.length; at += size, size = (size * 7 + 3) % 997 || 1)
      meter.add(longer.subarray(at, at + size));
    const sliced = meter.result();

    // The plain loudness of each whole 10 ms frame, as cutting the samples in memory always measured it.
    const frameSamples = RATE / 100;
    const whole = Array.from({ length: Math.floor(longer.length / frameSamples) }, (_, f) => {
      let sum = 0;
      for (let i = f * frameSamples; i < (f + 1) * frameSamples; i++) sum += longer[i]! * longer[i]!;
      return Math.sqrt(sum / frameSamples);
    });
    expect(sliced.sampleCount).toBe(longer.length);
    expect(Array.from(sliced.energies)).toEqual(whole);

    const pieces = cutsFromFrameEnergies(sliced, rule);
    expect(pieces).toEqual(cutAtPauses(longer, options));
    expect(pieces).toHaveLength(7);
    expect(pieces.at(-1)!.end).toBe(longer.length / RATE);
  });
});

const segment = (start: number, end: number, text: string, language?: string): Segment => ({
  id: 0,
  start,
  end,
  text,
  speaker: null,
  words: [{ start, end, text, probability: 0.9 }],
  ...(language ? { language } : {}),
});
const body = (language: string, segments: Segment[]): TranscriptBody => ({
  language,
  languageProbability: 0.9,
  durationSeconds: 60,
  text: '',
  segments,
  engine: 'local-whisper:base',
});

describe('joining the pieces', () => {
  it('moves a piece onto the whole file’s clock, words too', () => {
    const moved = offsetPiece(body('en', [segment(1, 2, ' hello')]), 150);
    expect(moved.segments[0]).toMatchObject({ start: 151, end: 152, words: [{ start: 151, end: 152 }] });
  });

  it('renumbers segments, keeps times continuous and each segment’s language, and reads as one text', () => {
    const pieces: PieceTranscript[] = [
      offsetPiece(body('en', [segment(0, 4, ' Good morning.'), segment(4, 9, ' Let us start.')]), 0),
      offsetPiece(body('fr', [segment(0.5, 3, ' Bonjour à tous.')]), 150),
      offsetPiece(body('en', [segment(1, 30, ' Back to English.', 'en')]), 300),
    ];
    const joined = joinPieces(pieces, 320);
    expect(joined.segments.map((s) => [s.id, s.start, s.language])).toEqual([
      [0, 0, 'en'],
      [1, 4, 'en'],
      [2, 150.5, 'fr'],
      [3, 301, 'en'],
    ]);
    expect(joined.text).toBe('Good morning. Let us start. Bonjour à tous. Back to English.');
    expect(joined).toMatchObject({ language: 'en', durationSeconds: 320, engine: 'local-whisper:base' });
  });

  it('gives each piece’s speakers their file-wide labels', () => {
    const speaking = (start: number, speaker: string): Segment => ({
      ...segment(start, start + 1, ' hi'),
      speaker,
    });
    const joined = joinPieces(
      [
        offsetPiece(body('en', [speaking(0, 'SPEAKER_00'), speaking(2, 'SPEAKER_01')]), 0),
        offsetPiece(body('en', [speaking(0, 'SPEAKER_00')]), 150),
      ],
      200,
      [{ SPEAKER_00: 'Speaker 1', SPEAKER_01: 'Speaker 2' }, { SPEAKER_00: 'Speaker 2' }],
    );
    expect(joined.segments.map((s) => s.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 2']);
  });

  it('moves each piece’s speaker timeline onto the file’s clock under the file-wide labels, overlaps kept', () => {
    const timed = (timeline: TranscriptBody['speakerTimeline']): TranscriptBody => ({
      ...body('en', [{ ...segment(0, 1, ' hi'), speaker: 'Speaker 1' }]),
      speakerTimeline: timeline,
    });
    const joined = joinPieces(
      [
        offsetPiece(
          timed([
            { speaker: 'Speaker 1', start: 0, end: 4 },
            { speaker: 'Speaker 2', start: 3.5, end: 6 },
          ]),
          0,
        ),
        offsetPiece(timed([{ speaker: 'Speaker 1', start: 0.25, end: 2 }]), 150.1),
      ],
      200,
      [{ 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' }, { 'Speaker 1': 'Speaker 2' }],
    );
    expect(joined.speakerTimeline).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 4 },
      { speaker: 'Speaker 2', start: 3.5, end: 6 },
      { speaker: 'Speaker 2', start: 150.35, end: 152.1 },
    ]);
  });

  it('leaves the timeline out when a piece has none, rather than showing a hole in it', () => {
    const joined = joinPieces(
      [
        {
          ...offsetPiece(body('en', [segment(0, 1, ' hi')]), 0),
          speakerTimeline: [{ speaker: 'A', start: 0, end: 1 }],
        },
        offsetPiece(body('en', [segment(0, 1, ' hi')]), 150),
      ],
      200,
    );
    expect(joined).not.toHaveProperty('speakerTimeline');
  });
});
