import {
  normalizeTimeline,
  type Segment,
  type SpeakerCount,
  type SpeakerProfiles,
  type SpeakerTurn,
  type TranscriptBody,
} from '@scrivo/domain/recordings';

/** The transcript JSON the Python speech worker answers (`/asr`) and streams last (`/transcribe`). */
export interface WorkerResult {
  readonly text?: string;
  readonly language?: string;
  readonly languageProbability?: number;
  readonly duration?: number;
  readonly segments?: readonly {
    start: number;
    end: number;
    text: string;
    speaker?: string | null;
    words?: readonly { start: number; end: number; text: string; probability: number }[];
    /** The segment's own language (the worker detects it per voice-activity chunk). */
    language?: string | null;
    confidence?: number | null;
    lowConfidence?: boolean | null;
  }[];
  /** The Hugging Face protocol's own field: [{ text, timestamp: [start, end] }]. */
  readonly chunks?: readonly { text: string; timestamp: readonly [number, number | null] }[];
  /** With `diarize=1`: who speaks when, overlaps included, under the segments' labels. */
  readonly speakerTimeline?: readonly { speaker?: unknown; start?: unknown; end?: unknown }[] | null;
  /** With `speaker_profiles=1`: the voice prints behind the labels (null when the worker has no embeddings). */
  readonly speakerProfiles?: WorkerSpeakerProfiles | null;
}

interface WorkerSpeakerProfiles {
  readonly speakers?: unknown;
  readonly tracks?: unknown;
  readonly cannotLink?: unknown;
}

const isNumberArray = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number' && Number.isFinite(n));

const isLabel = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The worker's voice prints, field by field (nothing else it might add is carried along): null when it sent none or
 * something malformed, so a caller clusters only what the worker really measured.
 */
export const toSpeakerProfiles = (
  profiles: WorkerSpeakerProfiles | null | undefined,
): SpeakerProfiles | null => {
  if (!profiles) return null;
  const { speakers, tracks, cannotLink } = profiles;
  if (!Array.isArray(speakers) || !speakers.every(isLabel) || !Array.isArray(tracks)) return null;
  const out: SpeakerProfiles['tracks'][number][] = [];
  for (const track of tracks as unknown[]) {
    if (typeof track !== 'object' || track === null) return null;
    const { speaker, embedding, seconds } = track as Record<string, unknown>;
    if (!isLabel(speaker) || !speakers.includes(speaker) || !isNumberArray(embedding)) return null;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
    out.push({ speaker, embedding, seconds });
  }
  const links: (readonly [number, number])[] = [];
  for (const pair of Array.isArray(cannotLink) ? (cannotLink as unknown[]) : []) {
    if (!isNumberArray(pair) || pair.length !== 2) return null;
    const [a, b] = pair as [number, number];
    if (![a, b].every((i) => Number.isInteger(i) && i >= 0 && i < out.length) || a === b) return null;
    links.push([a, b]);
  }
  return { speakers, tracks: out, cannotLink: links };
};

const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The worker's timeline, turn by turn: a turn that is not a labelled stretch of time is left out rather than failing
 * the transcript (the lines are what was paid for). Absent when the worker sent none (no speaker labels, an HF
 * endpoint).
 */
const toSpeakerTimeline = (timeline: WorkerResult['speakerTimeline']): SpeakerTurn[] | undefined => {
  if (!Array.isArray(timeline)) return undefined;
  const turns: SpeakerTurn[] = [];
  for (const turn of timeline as readonly unknown[]) {
    if (typeof turn !== 'object' || turn === null) continue;
    const speaker: unknown = Reflect.get(turn, 'speaker');
    const start: unknown = Reflect.get(turn, 'start');
    const end: unknown = Reflect.get(turn, 'end');
    if (isLabel(speaker) && isSeconds(start) && isSeconds(end) && end > start)
      turns.push({ speaker, start, end });
  }
  return normalizeTimeline(turns);
};

const clamp01 = (n: number) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0));

/** The per-segment fields the worker adds, only those it sent (an HF endpoint sends none of them). */
const segmentMarks = (s: {
  language?: string | null;
  confidence?: number | null;
  lowConfidence?: boolean | null;
}): Pick<Segment, 'language' | 'confidence' | 'lowConfidence'> => ({
  ...(s.language ? { language: s.language } : {}),
  ...(typeof s.confidence === 'number' ? { confidence: clamp01(s.confidence) } : {}),
  ...(typeof s.lowConfidence === 'boolean' ? { lowConfidence: s.lowConfidence } : {}),
});

/** Maps a worker (or any HF-protocol) answer onto the canonical transcript. */
export const toTranscript = (
  result: WorkerResult,
  engine: string,
  fallback: { language: string | null },
): TranscriptBody => {
  let segments: Segment[];
  if (result.segments) {
    segments = result.segments.map((s, id) => ({
      id,
      start: s.start,
      end: s.end,
      text: s.text.trim(),
      speaker: s.speaker ?? null,
      words: (s.words ?? []).map((w) => ({
        start: w.start,
        end: w.end,
        text: w.text.trim(),
        probability: clamp01(w.probability),
      })),
      ...segmentMarks(s),
    }));
  } else if (result.chunks?.length) {
    segments = result.chunks.map((c, id) => ({
      id,
      start: c.timestamp[0],
      end: c.timestamp[1] ?? c.timestamp[0],
      text: c.text.trim(),
      speaker: null,
      words: [],
    }));
  } else {
    const text = (result.text ?? '').trim();
    segments = text ? [{ id: 0, start: 0, end: result.duration ?? 0, text, speaker: null, words: [] }] : [];
  }
  segments = segments.filter((s) => s.text.length > 0);
  const lastEnd = segments.at(-1)?.end ?? 0;
  const speakerTimeline = toSpeakerTimeline(result.speakerTimeline);
  return {
    language: result.language ?? fallback.language ?? 'und',
    languageProbability: clamp01(result.languageProbability ?? (result.language ? 1 : 0)),
    durationSeconds: result.duration ?? lastEnd,
    text: (result.text ?? segments.map((s) => s.text).join(' ')).trim(),
    segments,
    ...(speakerTimeline ? { speakerTimeline } : {}),
    engine,
  };
};

/** Query options of the worker's endpoints (also how options reach an HF-protocol endpoint). */
/** The worker's parameters for a number of people: `speakers` when exact, else `min_speakers` and `max_speakers`. */
export const speakerParams = (count: SpeakerCount): [string, string][] =>
  count.min === count.max
    ? [['speakers', String(count.min)]]
    : [
        ['min_speakers', String(count.min)],
        ['max_speakers', String(count.max)],
      ];

export const speechQuery = (options: {
  language: string | null;
  translate: boolean;
  vad?: boolean;
  diarize?: boolean;
  speakerProfiles?: boolean;
  speakers?: SpeakerCount | null;
  vocabulary?: { readonly hotwords: readonly string[]; readonly prompt: string | null } | null;
}): string => {
  const query = new URLSearchParams();
  if (options.language) query.set('language', options.language);
  query.set('task', options.translate ? 'translate' : 'transcribe');
  query.set('vad', options.vad === false ? '0' : '1');
  if (options.diarize) query.set('diarize', '1');
  if (options.diarize && options.speakerProfiles) query.set('speaker_profiles', '1');
  if (options.diarize && options.speakers)
    for (const [k, v] of speakerParams(options.speakers)) query.set(k, v);
  if (options.vocabulary?.hotwords.length) query.set('hotwords', options.vocabulary.hotwords.join(', '));
  if (options.vocabulary?.prompt) query.set('initial_prompt', options.vocabulary.prompt);
  return query.toString();
};

/**
 * Voice prints the worker's HTTP server reads in one header line (64 KiB at most): each print is 192 float32 numbers,
 * 1 KiB in base64. A header because the body is the audio; beyond this many, the rest still name speakers
 * (`/speakers/name` takes them all) without anchoring the clustering.
 */
export const MAX_HEADER_VOICE_PRINTS = 48;

/** The `X-Voice-Prints` header: each print as little-endian float32 in base64 (as the events keep them), comma-separated. */
export const voicePrintsHeader = (prints: readonly (readonly number[])[]): string =>
  prints
    .slice(0, MAX_HEADER_VOICE_PRINTS)
    .map((print) => {
      const bytes = new DataView(new ArrayBuffer(print.length * 4));
      print.forEach((x, i) => bytes.setFloat32(i * 4, x, true));
      return Buffer.from(bytes.buffer).toString('base64');
    })
    .join(',');
