import type { Segment, TranscriptBody } from '@scrivo/domain/recordings';

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
}

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
  return {
    language: result.language ?? fallback.language ?? 'und',
    languageProbability: clamp01(result.languageProbability ?? (result.language ? 1 : 0)),
    durationSeconds: result.duration ?? lastEnd,
    text: (result.text ?? segments.map((s) => s.text).join(' ')).trim(),
    segments,
    engine,
  };
};

/** Query options of the worker's endpoints (also how options reach an HF-protocol endpoint). */
export const speechQuery = (options: {
  language: string | null;
  translate: boolean;
  vad?: boolean;
  diarize?: boolean;
}): string => {
  const query = new URLSearchParams();
  if (options.language) query.set('language', options.language);
  query.set('task', options.translate ? 'translate' : 'transcribe');
  query.set('vad', options.vad === false ? '0' : '1');
  if (options.diarize) query.set('diarize', '1');
  return query.toString();
};
