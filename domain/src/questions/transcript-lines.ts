import type { Segment } from '../recordings/transcript';

/** One numbered line of a transcript, as a question's prompt quotes it and its answer cites it ([L12]). */
export interface TranscriptLine {
  /** 1-based: the segment's position in the transcript. */
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly speaker: string | null;
  readonly text: string;
}

export const MAX_QUESTION_LENGTH = 500;
/** What the model reads per question: ~1,600 prompt tokens, 10-15 s of reading on 2 cores. */
export const CONTEXT_WORD_BUDGET = 1200;
/** An answer is a few sentences with their citations. */
export const ANSWER_MAX_TOKENS = 300;
export const NOT_IN_RECORDING = 'Not in this recording.';

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** The transcript's segments as numbered lines (blank ones dropped, numbers kept so citations map back). */
export const numberLines = (segments: readonly Segment[]): TranscriptLine[] =>
  segments
    .map((s, i) => ({
      line: i + 1,
      start: s.start,
      end: s.end,
      speaker: s.speaker,
      text: s.text.replace(/\s+/g, ' ').trim(),
    }))
    .filter((l) => l.text.length > 0);

/**
 * The lines a question is answered from: the best matches first, each with the line before and after it (a
 * decision is often the reply to the line that asked), until the word budget is spent; then back in time order.
 * A transcript that fits the budget is read whole. No match at all gives no lines: the answer is then "not in
 * this recording" without asking the model.
 */
export const chooseLines = (
  lines: readonly TranscriptLine[],
  matches: readonly { readonly line: number; readonly score: number }[],
  budget = CONTEXT_WORD_BUDGET,
): TranscriptLine[] => {
  const total = lines.reduce((sum, l) => sum + words(l.text), 0);
  if (total <= budget) return matches.length > 0 ? [...lines] : [];
  const byNumber = new Map(lines.map((l, i) => [l.line, i]));
  const chosen = new Set<number>();
  let used = 0;
  const take = (index: number | undefined): boolean => {
    if (index === undefined || index < 0 || index >= lines.length || chosen.has(index)) return true;
    const cost = words(lines[index]!.text);
    if (used + cost > budget) return false;
    chosen.add(index);
    used += cost;
    return true;
  };
  const ranked = [...matches].filter((m) => m.score > 0).sort((a, b) => b.score - a.score || a.line - b.line);
  for (const match of ranked) {
    const index = byNumber.get(match.line);
    if (index === undefined) continue;
    if (!take(index)) break;
    take(index - 1);
    take(index + 1);
  }
  return [...chosen].sort((a, b) => a - b).map((i) => lines[i]!);
};

/** How far a match lends its weight: the answer to a question about a long meeting is a stretch of talk. */
export const STRETCH_RADIUS = 60;
/** A match keeps more of its own score than it lends, so one strong line elsewhere still outranks a stretch. */
export const OWN_LINE_WEIGHT = 3;

/**
 * The matches with each line's score lent to the lines around it (a share falling evenly with the distance, to
 * nothing past the radius), so that a stretch where the question's words come back again and again outranks one
 * line that says them once: in QMSum's meetings the turns that answer a question are a run of 5-60 lines. Reading a
 * line or two around each best single match found 40 % of their words, 1/distance over 20 lines 51 %, this 57 %
 * (bench/README.md, "Questions about long meetings").
 */
export const spreadToNeighbours = (
  matches: readonly { readonly line: number; readonly score: number }[],
  lines: readonly TranscriptLine[],
  radius = STRETCH_RADIUS,
): { line: number; score: number }[] => {
  const at = new Map(lines.map((l, i) => [l.line, i]));
  const scores = new Array<number>(lines.length).fill(0);
  for (const { line, score } of matches) {
    const i = at.get(line);
    if (i === undefined || score <= 0) continue;
    for (let k = Math.max(-radius, -i); k <= radius && i + k < lines.length; k += 1)
      scores[i + k]! += k === 0 ? OWN_LINE_WEIGHT * score : score * (1 - Math.abs(k) / (radius + 1));
  }
  return scores.flatMap((score, i) => (score > 0 ? [{ line: lines[i]!.line, score }] : []));
};

/** 03:41, or 1:02:09 past an hour. */
export const clock = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
};

/** `[L12 03:41] Speaker: text`, the way the prompt quotes a line. */
export const quoteLine = (l: TranscriptLine): string =>
  `[L${l.line} ${clock(l.start)}] ${l.speaker ? `${l.speaker}: ` : ''}${l.text}`;

/** The chat turn that asks the question of the chosen lines only. */
export const questionPrompt = (question: string, lines: readonly TranscriptLine[]) => [
  {
    role: 'system' as const,
    content: [
      'You answer questions about a recording using only the transcript lines you are given.',
      'Each line starts with its id and time, like [L12 03:41].',
      'Answer in one to three short sentences and cite the ids of the lines you used, like [L12] or [L12][L14].',
      'Example: "The launch moves to the ninth of March [L3]."',
      `If the lines do not contain the answer, answer exactly: ${NOT_IN_RECORDING}`,
    ].join(' '),
  },
  {
    role: 'user' as const,
    content: `Transcript lines:\n${lines.map(quoteLine).join('\n')}\n\nQuestion: ${question}`,
  },
];
