import type { Segment } from '@scrivo/domain/recordings';
import { FIGURE_STATED } from './line-selection';
import { capitalised, OPENING_WORDS } from './spoken';
import { lineAt } from './support-check';
import { contentWords, wordCount } from './words';

/**
 * The figures a meeting states, kept as key points. A 1.5B model reading "so, um, twenty five Euro for a remote
 * control" writes "the budget was discussed" (issue 41: one of six facts kept); the line itself says the price, and
 * who said it.
 */

/** Lines of figures a part's key points may gain: a summary that says the price is worth more than one more point. */
const FIGURES_PER_PART = 6;

/** What a key point quotes of a line at most; a longer line gives the sentence, or the clause, with the figure. */
const POINT_WORDS = 40;

/**
 * The words of a line that state its figure: its sentences that state one ("So. Twenty five Euro for a remote
 * control." says it in its second), or, where those are long, the clause (between commas) that does. Null when no
 * part of it states a figure with what it counts, or only a question does.
 */
export const figureSaid = (text: string): string | null => {
  const line = text.trim();
  if (!FIGURE_STATED.test(line)) return null;
  const stating = (pieces: readonly string[]) =>
    pieces.map((p) => p.trim()).filter((p) => p && FIGURE_STATED.test(p));
  // The sentences that state something: a question's figure is asked, not stated.
  const statements = line.split(/(?<=[.!?])\s+/).filter((s) => !s.trim().endsWith('?'));
  const sentences = stating(statements).join(' ');
  if (sentences && wordCount(sentences) <= POINT_WORDS) return sentences;
  // A clause keeps its figure and what it counts ("twenty five Euro is what people pay"), not always its verb.
  const clause = stating(statements.flatMap((s) => s.split(/,\s+/))).find((c) => wordCount(c) <= POINT_WORDS);
  return clause ?? null;
};

/**
 * The key points with the figures the lines state that no point or decision of the part cites (the selling price,
 * the production cost, the profit aimed at), in the line's words after what a spoken line opens with, with who said
 * it in front ("Project Manager: we're aiming to sell it for twenty five Euro."). Not a question.
 */
export const withFiguresSaid = <T extends { text: string; at: number }>(
  points: readonly T[],
  decisions: readonly { text: string; at: number }[],
  lines: readonly Segment[],
): (T | { text: string; at: number })[] => {
  const cited = new Set([...points, ...decisions].map((p) => lineAt(lines, p.at)));
  const said = lines.flatMap((line, i) => {
    const text = line.text.trim();
    // A question asks a figure, it does not state it; a line may state one and then ask something ("For a production
    // cost of twelve fifty Euros maximum. 'Kay. So any of you have experience in remote controls?": IS1006a).
    if (cited.has(i) || contentWords(text).length < 3) return [];
    const figure = figureSaid(text);
    return figure ? [{ text: quoted(line, figure), at: Math.floor(line.start) }] : [];
  });
  return [...points, ...said.slice(0, FIGURES_PER_PART)];
};

/** Words of a line as a key point: after what a spoken line opens with, a full stop at the end, who said it in front. */
export const quoted = (line: Segment, words: string): string => {
  const point = capitalised(words.replace(new RegExp(`^${OPENING_WORDS}`, 'i'), '').replace(/\.{2,}$/, '.'));
  const ended = /[.!]$/.test(point) ? point : `${point.replace(/[,;:]$/, '')}.`;
  return line.speaker ? `${line.speaker}: ${ended}` : ended;
};
