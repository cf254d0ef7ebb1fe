import type { Segment } from '@scrivo/domain/recordings';
import { sayTheSame } from './repetition';
import { COMMITTED, PROPOSAL } from './spoken';
import { contentWords, wordCount } from './words';

/**
 * The extractive first pass of a long summary. Reading is what costs on a CPU (about 50 prompt tokens a second on
 * 2 cores: an hour's 9,000 words take five minutes to read once), so the model reads the lines that carry what a
 * summary reports (decisions, tasks, dates and figures, questions) and the most substantial line of every stretch
 * of the meeting (so every topic keeps a chapter), not the greetings, "yeah"s and repetition between them.
 */

/** Transcripts up to this length (about five minutes of talk) are read whole: there a missed line costs the most. */
export const READ_WHOLE_UP_TO_WORDS = 800;

/** How much of a longer transcript the model reads: a fixed floor plus a share of the rest. */
export const readingBudget = (words: number): number =>
  words <= READ_WHOLE_UP_TO_WORDS ? words : Math.round(250 + words * 0.22);

export const DECISION =
  /\b(decid\w*|decision|agree\w*|settle\w*|approv\w*|go with|let'?s|we will|we'll|then we|final\w*|confirm\w*|conclu\w*|instead)\b/i;
const TASK =
  /\b(i will|i'll|i can|i'm going to|can you|could you|will you|would you|please|send|follow up|take care|deadline|need to|needs to|have to|by (monday|tuesday|wednesday|thursday|friday|tomorrow|next week|the end))\b/i;
const FIGURE =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million|percent|monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
// A figure stated with what it counts: a price, a cost, a share, an amount of money ("twenty five Euro", "12.50",
// "fifty million", "ten percent"), or a date.
const FIGURE_WORD = String.raw`(?:\d+(?:[.,]\d+)?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)`;
/** An amount with what it counts, or a price, cost or profit with its figure. */
export const FIGURE_STATED = new RegExp(
  String.raw`(?:[€$£]\s?\d|\b${FIGURE_WORD}\s*(?:%|percent\b|per cent\b|euros?\b|dollars?\b|pounds?\b|cents?\b|million\b|thousand\b|bucks?\b))|\b(?:price|cost|profit|budget|sell|selling|sold|revenue|margin)\w*\b.{0,60}\b${FIGURE_WORD}\b`,
  'i',
);
const DATE =
  /\b(?:monday|tuesday|wednesday|thursday|friday|january|february|march|april|june|july|august|september|october|november|december|tomorrow|next week|deadline)\b/i;
/**
 * A fact a summary reports (issue 41: the selling price, the production cost, the profit aimed at): an amount with
 * what it counts, a price, cost or profit with its figure, a date.
 */
export const FACT = { test: (text: string): boolean => FIGURE_STATED.test(text) || DATE.test(text) };

/** How much a line carries for a summary (0 for a line without a cue and with fewer than three content words). */
export const lineWeight = (text: string): number => {
  const substance = contentWords(text).length;
  const cues = (DECISION.test(text) ? 3 : 0) + (TASK.test(text) ? 3 : 0) + (FIGURE.test(text) ? 1 : 0);
  if (cues === 0 && substance < 3) return 0;
  return cues + (text.trim().endsWith('?') ? 0.5 : 0) + Math.min(substance, 15) / 15;
};

/** Lines per stretch that keeps at least its weightiest line. */
const STRETCH = 20;

/** A line whose words say a decision or a task (line weight 3 or more): read wherever it is. */
const CUED = 3;

/**
 * The lines to read, in time order, within `readingBudget` words: first the weightiest line of every stretch (every
 * topic keeps a chapter), then every line that says a decision or a task, then the rest in rounds over the stretches
 * (the second weightiest of each, then the third...), so what is left out is left out evenly, not from the end. A
 * line right after a question gets the question's weight too: "Can you send it?" is owned by whoever answers
 * "Sure, by Friday".
 */
export const selectLines = (segments: readonly Segment[]): Segment[] => {
  const total = segments.reduce((n, s) => n + wordCount(s.text), 0);
  const budget = readingBudget(total);
  if (budget >= total) return [...segments];
  const weights = segments.map((s) => lineWeight(s.text));
  const answers = (i: number) =>
    i > 0 &&
    segments[i - 1]!.speaker !== segments[i]!.speaker &&
    (segments[i - 1]!.text.trim().endsWith('?') || PROPOSAL.test(segments[i - 1]!.text));
  const weight = (i: number) => Math.max(weights[i]!, answers(i) ? weights[i - 1]! : 0);
  // What a summary must not lose (issue 41): figures and prices, what someone takes on, what is put forward and the
  // answer to it. Read whatever the length, so what the budget leaves out is talk around them.
  const kept = (i: number): boolean => {
    const text = segments[i]!.text;
    const substance = contentWords(text).length >= 3;
    return (
      (substance && FACT.test(text)) ||
      (contentWords(text).length >= 4 && PROPOSAL.test(text)) ||
      (COMMITTED.test(text) && !text.trim().endsWith('?')) ||
      (answers(i) && substance && kept(i - 1))
    );
  };
  const chosen = new Set<number>();
  let used = 0;
  const take = (i: number, always = false) => {
    const words = wordCount(segments[i]!.text);
    if (chosen.has(i) || weight(i) === 0 || (!always && used + words > budget)) return;
    chosen.add(i);
    used += words;
  };
  // Said again in the same words, a kept line is not kept again (it can still be read within the budget).
  const keptWords: string[][] = [];
  for (const i of segments.keys()) {
    if (!kept(i)) continue;
    const words = contentWords(segments[i]!.text);
    if (keptWords.some((earlier) => sayTheSame(words, earlier))) continue;
    keptWords.push(words);
    take(i, true);
  }
  const heaviestFirst = (a: number, b: number) => weight(b) - weight(a) || a - b;
  const stretches: number[][] = [];
  for (let start = 0; start < segments.length; start += STRETCH)
    stretches.push(
      segments
        .slice(start, start + STRETCH)
        .map((_, k) => start + k)
        .sort(heaviestFirst),
    );
  for (const stretch of stretches) take(stretch[0]!);
  for (const i of segments.map((_, i) => i).sort(heaviestFirst)) if (weight(i) >= CUED) take(i);
  for (let round = 1; round < STRETCH; round += 1)
    for (const stretch of stretches) if (stretch[round] !== undefined) take(stretch[round]);
  return segments.filter((_, i) => chosen.has(i));
};
