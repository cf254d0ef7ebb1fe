import type { Segment } from '@scrivo/domain/recordings';
import { DECISION, FIGURE_STATED } from './line-selection';
import { sayTheSame } from './repetition';
import { lineAt } from './support-check';
import { figureSaid, quoted, withFiguresSaid } from './figures-said';
import { runsTheMeeting } from './runs-the-meeting';
import { PROPOSAL } from './spoken';
import { contentWords, wordCount } from './words';

/**
 * What was put forward or settled, kept as key points in the lines' own words. A 1.5B model reading a real meeting
 * (issue 41: IS1006a) writes key points that copy a greeting or a filler ("Wow.", "That's my favourite one.") and
 * leaves out what the people proposed and chose ("we can change the colours, at least the frame"); the lines say it,
 * with who said it.
 */

/** Lines of proposals and choices a part's key points may gain. */
const POINTS_PER_PART = 4;

/** What a key point quotes of a line at most; a longer sentence gives its clause that says the proposal. */
const POINT_WORDS = 30;

/** Words that carry meaning a point needs: "let's begin" or "we should go" says nothing to keep. */
const POINT_SUBSTANCE = 4;

const CUE = { test: (text: string): boolean => PROPOSAL.test(text) || DECISION.test(text) };

// Words of spoken English that carry no fact of a meeting ("it's gonna be", "maybe", "one").
const SPOKEN = new Set([
  'gonna',
  'wanna',
  'gotta',
  'yeah',
  'okay',
  'mayb',
  'just',
  'like',
  'realli',
  'kind',
  'sort',
  'thing',
  'not',
  'mean',
  'know',
  'guess',
  'see',
]);

/** The words that carry meaning: three letters or more, not a contraction, a digit or a word of spoken filler. */
const meaningful = (text: string, language: string): string[] =>
  contentWords(text, language).filter(
    (w) => w.length >= 3 && !w.includes("'") && !/^\d+$/.test(w) && !SPOKEN.has(w),
  );

/**
 * The words of a line that put something forward or settle it: its sentence that does ("Yeah. Maybe we can change
 * the colours, at least the frame." says it in its second), or, where that is long, the clause (between commas).
 * What follows the cue says something: "Be able to pull it up, I mean, then we will see." puts nothing forward
 * ("then we will see"), "It has to be original, trendy and user-friendly." does. Null when none does with enough
 * words that carry meaning, or only a question does.
 */
export const proposalSaid = (text: string, language = 'en'): string | null => {
  const pieces = (line: string, separator: RegExp) =>
    line
      .split(separator)
      .map((p) => p.trim())
      .filter((p) => p && !p.endsWith('?') && CUE.test(p));
  const substantial = (p: string) => meaningful(p, language).length >= POINT_SUBSTANCE;
  // What the cue puts forward runs to the end of the sentence: "It has to be original, trendy and user-friendly."
  // lists it after the comma, "then we will see." says nothing after its cue.
  const saysSomething = (sentence: string) => {
    const clauses = sentence.split(/,\s+/);
    const cued = clauses.findIndex((c) => !c.trim().endsWith('?') && CUE.test(c));
    return (
      substantial(sentence) && cued >= 0 && meaningful(clauses.slice(cued).join(', '), language).length >= 2
    );
  };
  for (const sentence of pieces(text.trim(), /(?<=[.!?])\s+/).filter(saysSomething)) {
    if (wordCount(sentence) <= POINT_WORDS) return sentence;
    const clause = pieces(sentence, /,\s+/).find((c) => wordCount(c) <= POINT_WORDS && substantial(c));
    if (clause) return clause;
  }
  return null;
};

/**
 * A key point a model copied from a filler ("Wow.", "That's my favourite one."): under three words that carry meaning
 * (of three letters or more, not a contraction, a digit or a word of spoken filler) and no figure stated.
 */
export const saysNothing = (text: string, language = 'en'): boolean =>
  !FIGURE_STATED.test(text) && meaningful(text.replace(/^[^:]{1,40}:\s+/, ''), language).length < 3;

/**
 * The key points without the ones that say nothing, and with the proposals and choices the lines say that no point
 * or decision of the part already says (whatever line it cites: a 1.5B model cites the line of "the important points
 * are functional design, conceptual design" for "we agree to work on these ideas"), in the line's words after what a spoken line opens with, with who
 * said it in front ("Industrial Designer: Maybe we can change the colours that at least the frame."). The most
 * substantial first, at most four a part, in the order they were said; not a question.
 */
export const withPointsSaid = <T extends { text: string; at: number }>(
  points: readonly T[],
  decisions: readonly { text: string; at: number }[],
  lines: readonly Segment[],
  language = 'en',
): (T | { text: string; at: number })[] => {
  const kept = points.filter((p) => !saysNothing(p.text, language) && !runsTheMeeting(p.text, language));
  const said = [...kept, ...decisions].map((p) => contentWords(p.text, language));
  const candidates = lines.flatMap((line) => {
    const proposal = proposalSaid(line.text, language);
    if (!proposal) return [];
    const words = contentWords(proposal, language);
    if (said.some((earlier) => sayTheSame(words, earlier))) return [];
    return [{ text: quoted(line, proposal), at: Math.floor(line.start), words }];
  });
  const chosen: typeof candidates = [];
  for (const candidate of [...candidates].sort((a, b) => b.words.length - a.words.length)) {
    if (chosen.length >= POINTS_PER_PART) break;
    if (!chosen.some((c) => sayTheSame(candidate.words, c.words))) chosen.push(candidate);
  }
  return [...kept, ...chosen.sort((a, b) => a.at - b.at).map(({ text, at }) => ({ text, at }))];
};

/**
 * A decision no line settled, kept as a key point in the words of the line it cites where that line states a figure
 * or puts something forward: for "Yeah, we're to sell two million then." the 1.5B model wrote the decision "we agree
 * to sell two million remote controls" (issue 41, AMI IS1006a), an agreement nobody said. The model's words where the
 * line states neither.
 */
export const inLinesWords = <T extends { text: string; at: number }>(
  point: T,
  lines: readonly Segment[],
  language = 'en',
): T => {
  const line = lines[lineAt(lines, point.at)];
  const words = line && (figureSaid(line.text) ?? proposalSaid(line.text, language));
  return line && words ? { ...point, text: quoted(line, words) } : point;
};

/** The key points the lines give whatever a model writes: the figures they state, then what they put forward. */
export const pointsOfTheLines = (
  lines: readonly Segment[],
  language = 'en',
): { text: string; at: number }[] => withPointsSaid(withFiguresSaid([], [], lines), [], lines, language);
