import { relabelTimeline, shiftTimeline } from './speaker-timeline';
import type { Segment, SpeakerTurn, TranscriptBody } from './transcript';
import { transcriptText } from './transcript';

/** One piece of a long recording, in seconds of the whole file. */
export interface PieceSpan {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** A piece's job id: the file job's id and its index, so a replay enqueues no piece twice. */
export const pieceJobId = (fileJobId: string, index: number) => `${fileJobId}-p${index}`;

/** How a long recording is cut. */
export interface CutRule {
  /** The length aimed at for each piece. */
  readonly pieceSeconds: number;
  /** How far from the aimed-at point a cut may move to find a pause. */
  readonly windowSeconds: number;
  /** The length of the quiet stretch looked for (its middle is the cut). */
  readonly quietSeconds: number;
}

export interface CutOptions extends CutRule {
  /** Samples per second of the PCM (the worker decodes to 16 kHz). */
  readonly sampleRate: number;
}

/** Samples in one 10 ms frame, the unit loudness is measured in. */
export const frameSamplesOf = (sampleRate: number) => Math.max(1, Math.round(sampleRate / 100));

/** A recording's loudness, 100 numbers a second: all the cut needs to know of its audio. */
export interface FrameEnergies {
  readonly sampleRate: number;
  /** Samples in the whole recording, its last partial frame included (that frame has no energy). */
  readonly sampleCount: number;
  /** Root mean square of each whole frame of `frameSamplesOf(sampleRate)` 16-bit samples. */
  readonly energies: Float64Array;
}

/**
 * Measures frame energies from samples given in as many slices as they come (a file read a chunk at a time), so
 * a recording of any length is never held whole: each frame's sum is carried across slices in the same order as
 * over one array, so the numbers are the same to the last bit.
 */
export class FrameEnergyMeter {
  private readonly frameSamples: number;
  private energies: Float64Array;
  private frames = 0;
  private samples = 0;
  private sum = 0;
  private inFrame = 0;

  /** `expectedSamples`, when known, sizes the store once instead of growing it. */
  constructor(
    private readonly sampleRate: number,
    expectedSamples = 0,
  ) {
    this.frameSamples = frameSamplesOf(sampleRate);
    this.energies = new Float64Array(Math.max(1024, Math.floor(expectedSamples / this.frameSamples)));
  }

  add(samples: Int16Array): void {
    const { frameSamples } = this;
    let { sum, inFrame } = this;
    for (let i = 0; i < samples.length; i++) {
      sum += samples[i]! * samples[i]!;
      if (++inFrame === frameSamples) {
        this.push(Math.sqrt(sum / frameSamples));
        sum = 0;
        inFrame = 0;
      }
    }
    this.sum = sum;
    this.inFrame = inFrame;
    this.samples += samples.length;
  }

  result(): FrameEnergies {
    return {
      sampleRate: this.sampleRate,
      sampleCount: this.samples,
      energies: this.energies.subarray(0, this.frames),
    };
  }

  private push(energy: number) {
    if (this.frames === this.energies.length) {
      const grown = new Float64Array(Math.ceil(this.energies.length * 1.5));
      grown.set(this.energies);
      this.energies = grown;
    }
    this.energies[this.frames++] = energy;
  }
}

/** The frame energies of samples held in memory (a test's, or a short recording's). */
export const frameEnergiesOf = (samples: Int16Array, sampleRate: number): FrameEnergies => {
  const meter = new FrameEnergyMeter(sampleRate, samples.length);
  meter.add(samples);
  return meter.result();
};

/**
 * Where to cut a long recording so no word is split: aim at every `pieceSeconds`, and cut in the middle of the
 * quietest `quietSeconds` within `windowSeconds` of the aim (frame RMS, 10 ms frames). A last piece shorter than
 * half a piece is left to the one before it, so no piece is a sliver. Decided from the frames' energies alone (~100
 * numbers a second), so the audio itself never has to be in memory.
 */
export const cutsFromFrameEnergies = (frames: FrameEnergies, rule: CutRule): PieceSpan[] => {
  const { sampleRate, sampleCount, energies } = frames;
  const { pieceSeconds, windowSeconds, quietSeconds } = rule;
  const total = sampleCount / sampleRate;
  const frameSamples = frameSamplesOf(sampleRate);
  const frameSeconds = frameSamples / sampleRate;
  const quietFrames = Math.max(1, Math.round(quietSeconds / frameSeconds));
  // Running sums: the energy of any stretch of frames in one subtraction.
  const prefix = new Float64Array(energies.length + 1);
  energies.forEach((energy, f) => (prefix[f + 1] = prefix[f]! + energy));

  const cuts: number[] = [];
  let from = 0;
  while (total - from > pieceSeconds * 1.5) {
    const aim = from + pieceSeconds;
    // Never closer to the last cut (or the end) than half a piece, so the window cannot move backwards.
    const low = Math.max(from + pieceSeconds / 2, aim - windowSeconds);
    const high = Math.min(total - pieceSeconds / 2, aim + windowSeconds);
    const firstFrame = Math.floor(low / frameSeconds);
    const lastFrame = Math.min(energies.length - quietFrames, Math.floor(high / frameSeconds) - quietFrames);
    let best = Math.round(aim / frameSeconds);
    let bestEnergy = Number.POSITIVE_INFINITY;
    for (let f = firstFrame; f <= lastFrame; f++) {
      const energy = prefix[f + quietFrames]! - prefix[f]!;
      // Ties (digital silence) go to the stretch nearest the aim.
      const nearer = Math.abs(f * frameSeconds - aim) < Math.abs(best * frameSeconds - aim);
      if (energy < bestEnergy || (energy === bestEnergy && nearer)) {
        bestEnergy = energy;
        best = f;
      }
    }
    const cut = Math.round((best + quietFrames / 2) * frameSamples) / sampleRate;
    cuts.push(cut);
    from = cut;
  }
  const bounds = [0, ...cuts, total];
  return bounds.slice(1).map((end, index) => ({ index, start: bounds[index]!, end }));
};

/** `cutsFromFrameEnergies` for samples held in memory. */
export const cutAtPauses = (samples: Int16Array, options: CutOptions): PieceSpan[] =>
  cutsFromFrameEnergies(frameEnergiesOf(samples, options.sampleRate), options);

/** What one piece's recognition gave: its segments with times already in seconds of the whole file. */
export interface PieceTranscript {
  readonly language: string;
  readonly languageProbability: number;
  readonly segments: readonly Segment[];
  /** Who speaks when in the piece, times in seconds of the whole file, under the piece's own labels. */
  readonly speakerTimeline?: readonly SpeakerTurn[];
  readonly engine: string;
}

/**
 * One transcript from the pieces' transcripts, in piece order: segments renumbered from 0, their times as they
 * are (each piece's were offset to the whole file when it was recorded), each segment's language kept (a piece
 * in another language marks its segments with it), each speaker label mapped to its file-wide one when given.
 * The pieces' speaker timelines are joined the same way, when every piece has one. The transcript's language is
 * the one spoken longest.
 */
export const joinPieces = (
  pieces: readonly PieceTranscript[],
  durationSeconds: number,
  /** Per piece (same order), its speaker labels -> file-wide labels, when the speakers were clustered together. */
  speakerMaps?: readonly Readonly<Record<string, string>>[],
): TranscriptBody => {
  const spoken = new Map<string, number>();
  const segments: Segment[] = [];
  pieces.forEach((piece, p) => {
    const labels = speakerMaps?.[p] ?? {};
    for (const segment of piece.segments) {
      const language = segment.language ?? piece.language;
      spoken.set(language, (spoken.get(language) ?? 0) + (segment.end - segment.start));
      const speaker = segment.speaker === null ? null : (labels[segment.speaker] ?? segment.speaker);
      segments.push({ ...segment, id: segments.length, language, speaker });
    }
  });
  // A piece without a timeline (an engine that cannot tell) would leave a hole no lane could explain.
  const timelines = pieces.every((piece) => piece.speakerTimeline)
    ? pieces.flatMap((piece, p) => relabelTimeline(piece.speakerTimeline ?? [], speakerMaps?.[p] ?? {}))
    : null;
  const [first] = pieces;
  const language = [...spoken.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? first?.language ?? 'en';
  const sameLanguage = pieces.filter((piece) => piece.language === language);
  const languageProbability =
    sameLanguage.length > 0
      ? sameLanguage.reduce((sum, piece) => sum + piece.languageProbability, 0) / sameLanguage.length
      : 0;
  return {
    language,
    languageProbability,
    durationSeconds,
    text: transcriptText(segments),
    segments,
    ...(timelines && pieces.length > 0 ? { speakerTimeline: relabelTimeline(timelines, {}) } : {}),
    engine: first?.engine ?? 'unknown',
  };
};

/** A piece's transcript with its times moved from the piece's own clock to the whole file's. */
export const offsetPiece = (transcript: TranscriptBody, offsetSeconds: number): PieceTranscript => ({
  language: transcript.language,
  languageProbability: transcript.languageProbability,
  engine: transcript.engine,
  segments: transcript.segments.map((segment) => ({
    ...segment,
    start: segment.start + offsetSeconds,
    end: segment.end + offsetSeconds,
    words: segment.words.map((word) => ({
      ...word,
      start: word.start + offsetSeconds,
      end: word.end + offsetSeconds,
    })),
  })),
  ...(transcript.speakerTimeline
    ? { speakerTimeline: shiftTimeline(transcript.speakerTimeline, offsetSeconds) }
    : {}),
});
