import type { Segment, TranscriptBody } from './transcript';
import { transcriptText } from './transcript';

/** One piece of a long recording, in seconds of the whole file. */
export interface PieceSpan {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** A piece's job id: the file job's id and its index, so a replay enqueues no piece twice. */
export const pieceJobId = (fileJobId: string, index: number) => `${fileJobId}-p${index}`;

export interface CutOptions {
  /** Samples per second of the PCM (the worker decodes to 16 kHz). */
  readonly sampleRate: number;
  /** The length aimed at for each piece. */
  readonly pieceSeconds: number;
  /** How far from the aimed-at point a cut may move to find a pause. */
  readonly windowSeconds: number;
  /** The length of the quiet stretch looked for (its middle is the cut). */
  readonly quietSeconds: number;
}

/** Energy of each frame of `frameSamples` samples (root mean square of 16-bit PCM). */
const frameEnergies = (samples: Int16Array, frameSamples: number): Float64Array => {
  const frames = Math.floor(samples.length / frameSamples);
  const energies = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * frameSamples; i < (f + 1) * frameSamples; i++) sum += samples[i]! * samples[i]!;
    energies[f] = Math.sqrt(sum / frameSamples);
  }
  return energies;
};

/**
 * Where to cut a long recording so no word is split: aim at every `pieceSeconds`, and cut in the middle of the
 * quietest `quietSeconds` within `windowSeconds` of the aim (frame RMS, 10 ms frames). A last piece shorter than
 * half a piece is left to the one before it, so no piece is a sliver.
 */
export const cutAtPauses = (samples: Int16Array, options: CutOptions): PieceSpan[] => {
  const { sampleRate, pieceSeconds, windowSeconds, quietSeconds } = options;
  const total = samples.length / sampleRate;
  const frameSamples = Math.max(1, Math.round(sampleRate / 100));
  const frameSeconds = frameSamples / sampleRate;
  const energies = frameEnergies(samples, frameSamples);
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

/** What one piece's recognition gave: its segments with times already in seconds of the whole file. */
export interface PieceTranscript {
  readonly language: string;
  readonly languageProbability: number;
  readonly segments: readonly Segment[];
  readonly engine: string;
}

/**
 * One transcript from the pieces' transcripts, in piece order: segments renumbered from 0, their times as they
 * are (each piece's were offset to the whole file when it was recorded), each segment's language kept (a piece
 * in another language marks its segments with it), each speaker label mapped to its file-wide one when given.
 * The transcript's language is the one spoken longest.
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
});
