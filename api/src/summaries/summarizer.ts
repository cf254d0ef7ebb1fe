import type { LanguageModel } from '@scrivo/domain';
import type { Segment } from '@scrivo/domain/recordings';
import type { z } from 'zod/v4';
import {
  CombinedOverview,
  combinedOverviewSchema,
  PartOutcomes,
  partOutcomesSchema,
  PartOutline,
  partOutlineSchema,
  type PartSummary,
  type ActionItem,
  type Summary,
} from './summary-shape';

/** About 1,200 words (1,600 tokens) a part: the prompt and the answer fit the local model's context with room. */
export const DEFAULT_PART_WORDS = 1200;

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  ru: 'Russian',
};
const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

export class SummaryFormatError extends Error {
  constructor(detail: string) {
    super(`The summary engine answered twice in a shape that is not a summary (${detail}).`);
    this.name = 'SummaryFormatError';
  }
}

/** Consecutive segments, cut between segments, each part at most `maxWords` words (a longer segment alone). */
export const splitIntoParts = (segments: readonly Segment[], maxWords = DEFAULT_PART_WORDS): Segment[][] => {
  const parts: Segment[][] = [];
  let current: Segment[] = [];
  let words = 0;
  for (const segment of segments) {
    const count = segment.text.split(/\s+/).filter(Boolean).length;
    if (current.length > 0 && words + count > maxWords) {
      parts.push(current);
      current = [];
      words = 0;
    }
    current.push(segment);
    words += count;
  }
  if (current.length > 0) parts.push(current);
  return parts;
};

const line = (s: Segment) => `[${Math.floor(s.start)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text.trim()}`;

export interface SummarizeOptions {
  /** The language to write in (ISO 639-1): the transcript's own unless the user picks another. */
  readonly language: string;
  readonly maxPartWords?: number;
  readonly signal?: AbortSignal;
  /** Called after each step with the share of the work done (0..1). */
  readonly onProgress?: (progress: number) => void;
  /** Called after each step with the merged summary so far, for the page to show while the rest is written. */
  readonly onPartDone?: (draft: Summary, progress: number) => void;
}

type PartResult = Omit<PartSummary, 'actionItems'> & { actionItems: ActionItem[] };

/** The parts done so far as one summary: their overviews one after another until they are joined. */
const draftOf = (
  results: readonly PartResult[],
  overview: string,
  language: string,
  engine: string,
): Summary => ({
  overview,
  keyPoints: results.flatMap((r) => r.keyPoints),
  decisions: results.flatMap((r) => r.decisions),
  actionItems: results.flatMap((r) => r.actionItems),
  chapters: results.flatMap((r) => r.chapters).sort((a, b) => a.start - b.start),
  language,
  engine,
});

/**
 * Summarises a transcript of any length: each part (following the segments) is summarised on its own, with
 * every point tied to the second it comes from; then the parts' overviews are joined. Nothing is cut off, and
 * each answer is checked against the fixed shape (one retry, then SummaryFormatError).
 */
export const summarizeTranscript = async (
  model: LanguageModel,
  segments: readonly Segment[],
  options: SummarizeOptions,
): Promise<Summary> => {
  const parts = splitIntoParts(segments, options.maxPartWords);
  const steps = parts.length + (parts.length > 1 ? 1 : 0);
  const language = languageName(options.language);
  const results: (Omit<PartSummary, 'actionItems'> & { actionItems: ActionItem[] })[] = [];
  for (const [index, part] of parts.entries()) {
    const first = part[0]!.start;
    const last = part.at(-1)!.end;
    const of = parts.length > 1 ? `part ${index + 1} of ${parts.length} of ` : '';
    const rules = [
      'Each line starts with the second of the recording it was said at, in brackets, then who speaks.',
      `Write in ${language}. Use only what the transcript says; never invent names, dates or numbers.`,
      'Every item has `at`: the second of the line it comes from.',
    ];
    const lines = { role: 'user' as const, content: part.map(line).join('\n') };
    const outcomes = await ask(model, PartOutcomes, partOutcomesSchema, options.signal, [
      {
        role: 'system',
        content: [
          `You read ${of}a meeting transcript and list what came out of it.`,
          ...rules,
          'decisions: each thing the people agreed or decided (for example "we agree to ...", "we decide ...",',
          '"then we ..."), as a short sentence.',
          'actionItems: each task someone will do (for example "I will ...", "can you ...?"), with owner: the',
          'person who will do it (for "I will", the speaker of that line), or an empty string when nobody is named.',
          'Answer in JSON.',
        ].join(' '),
      },
      lines,
    ]);
    const outline = await ask(model, PartOutline, partOutlineSchema, options.signal, [
      {
        role: 'system',
        content: [
          `You summarise ${of}a meeting transcript.`,
          ...rules,
          'Answer in JSON with overview (two or three sentences), keyPoints (the main facts and points made)',
          'and chapters (short titles of the sections, each with the second its first line starts at).',
        ].join(' '),
      },
      lines,
    ]);
    const answer: PartSummary = { ...outline, ...outcomes };
    const within = (at: number) => Math.min(Math.max(at, first), last);
    results.push({
      overview: answer.overview,
      keyPoints: answer.keyPoints.map((p) => ({ ...p, at: within(p.at) })),
      decisions: answer.decisions.map((p) => ({ ...p, at: within(p.at) })),
      actionItems: answer.actionItems.map((p) => ({
        text: p.text,
        owner: p.owner || null,
        at: within(p.at),
      })),
      chapters: answer.chapters.map((c) => ({ ...c, start: within(c.start) })),
    });
    options.onProgress?.((index + 1) / steps);
    options.onPartDone?.(
      draftOf(results, results.map((r) => r.overview).join(' '), options.language, model.name),
      (index + 1) / steps,
    );
  }
  let overview = results[0]?.overview ?? '';
  if (results.length > 1) {
    const joined = await ask(model, CombinedOverview, combinedOverviewSchema, options.signal, [
      {
        role: 'system',
        content: `These are the summaries of the consecutive parts of one recording. Write one overview of the whole recording in ${language}, three to five sentences, in JSON: {"overview": "..."}.`,
      },
      { role: 'user', content: results.map((r, i) => `Part ${i + 1}: ${r.overview}`).join('\n') },
    ]);
    overview = joined.overview;
    options.onProgress?.(1);
    options.onPartDone?.(draftOf(results, overview, options.language, model.name), 1);
  }
  const unique = <T extends { text: string }>(items: T[]) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      const key = item.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return {
    overview,
    keyPoints: unique(results.flatMap((r) => r.keyPoints)),
    decisions: unique(results.flatMap((r) => r.decisions)),
    actionItems: unique(results.flatMap((r) => r.actionItems)),
    chapters: results.flatMap((r) => r.chapters).sort((a, b) => a.start - b.start),
    language: options.language,
    engine: model.name,
  };
};

const ask = async <Shape extends z.ZodType>(
  model: LanguageModel,
  shape: Shape,
  jsonSchema: Record<string, unknown>,
  signal: AbortSignal | undefined,
  messages: { role: 'system' | 'user'; content: string }[],
): Promise<z.infer<Shape>> => {
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await model.complete({
      messages,
      maxTokens: 2048,
      jsonSchema,
      // The same request at temperature 0 gives the same malformed answer: the retry samples a little.
      temperature: attempt === 0 ? 0 : 0.4,
      ...(signal ? { signal } : {}),
    });
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      problem = 'not JSON';
      continue;
    }
    const parsed = shape.safeParse(json);
    if (parsed.success) return parsed.data;
    problem = parsed.error.issues[0]?.message ?? 'wrong shape';
  }
  throw new SummaryFormatError(problem);
};
