import type { Segment } from '@scrivo/domain/recordings';
import type { SummaryTemplate } from '@scrivo/domain/summaries';
import { committedTasks } from './committed-task';
import { DECISION } from './line-selection';

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
export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

export const line = (s: Segment) =>
  `[${Math.floor(s.start)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text.trim()}`;

/** Bounds on each answer: a part's outcomes and outline are short lists of short sentences. */
export const MAX_TOKENS = { outcomes: 700, outline: 700, overview: 300 } as const;

export const systemPrompt = (language: string, template: SummaryTemplate) =>
  [
    // The meeting template's words are the ones the quality sets were measured with.
    template.instructions
      ? 'You read a transcript and report what it says, in JSON.'
      : 'You read a meeting transcript and report what it says, in JSON.',
    'Each line starts with the second of the recording it was said at, in brackets, then who speaks.',
    `Write in ${language}. Use only what the lines say; never invent names, dates or numbers, and never give one`,
    "person's words to another. Every item has `at`: the second of the line it comes from.",
    template.instructions,
  ]
    .filter(Boolean)
    .join(' ');

export const OUTCOMES_QUESTION = [
  'First, what came out of it.',
  'decisions: each thing the people agreed or decided (for example "we agree to ...", "let\'s ...", "we\'ll go with',
  '...", a proposal the others said yes to), as a short sentence that says what was decided.',
  'actionItems: each task someone took on (for example "I will ...", "I\'ll ...", "can you ...?" answered yes), with',
  'owner: the person who will do it (for "I will", the speaker of that line), or an empty string when nobody is',
  'named. One item per task and person. Not a question, a remark or half a sentence: a list may be empty.',
].join(' ');

// The overview's words say what to write, not a list of kinds to walk through: asked for "the figures and what was
// chosen" beside key points of "figures and prices as said, names", the 1.5B model wrote an overview of "The figures
// and prices as said were ... The names of the people who said it were Marketing, Marketing, ..." (IS1006a,
// 2026-12-06).
export const OUTLINE_QUESTION = [
  'Now the outline of the same lines: overview (two or three sentences on what the meeting was about and what it',
  'chose), keyPoints (each a different fact the lines state, as a short sentence with who said it as the line names',
  // No example with a name and a figure: the 1.5B model wrote "the Project Manager proposed 25 euros" into the
  // overview of a meeting where Marketing said it (IS1006a, 2026-12-06).
  'its speaker: a figure or price, a proposal, a choice; never "X discussed Y") and chapters (short titles of the',
  'sections, each with the second its first line starts at).',
].join(' ');

/**
 * The outline question, told which lines are key points already: the figures and proposals the lines state are
 * carried over in the speakers' own words (figures-said.ts, points-said.ts), which the 1.5B model rewrote wrongly
 * ("expected profit around two million Euro" became "we agree to sell two million remote controls", issue 41); its
 * key points are then spent on what those lines do not say.
 */
export const outlineQuestion = (taken: readonly { at: number }[]) => {
  if (taken.length === 0) return OUTLINE_QUESTION;
  const seconds = [...new Set(taken.map((p) => `[${Math.floor(p.at)}]`))].join(', ');
  return `${OUTLINE_QUESTION} The lines ${seconds} are key points already, in their own words: the keyPoints are what other lines state.`;
};

/**
 * The extractive hint: the lines whose words say a decision or a task. A 1.5B model asked for the decisions of a
 * whole part often leaves the list empty; pointed at the lines to read again, it writes them.
 */
export const candidates = (part: readonly Segment[]) => {
  const seconds = (cue: RegExp) =>
    part
      .filter((s) => cue.test(s.text))
      .map((s) => `[${Math.floor(s.start)}]`)
      .join(', ');
  const decided = seconds(DECISION);
  // Only the lines that commit someone ("I'll send it", "can you ...?" answered yes): a real meeting's "we have to",
  // "need to" and "please" are no task (committed-task.ts drops what they give), and each second listed is read.
  const tasks = part
    .filter((_, i) => committedTasks(part, i).length > 0)
    .map((s) => `[${Math.floor(s.start)}]`)
    .join(', ');
  return [
    decided ? ` Lines that may say a decision: ${decided}.` : '',
    tasks ? ` Lines that may say a task: ${tasks}.` : '',
  ].join('');
};
