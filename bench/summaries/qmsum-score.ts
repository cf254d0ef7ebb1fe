// Scoring a summary of a real meeting (QMSum's AMI meetings) against the human general summary, and counting what
// issue 41 saw go wrong: repetition, tasks nobody committed to, items their cited line does not say. Pure functions;
// the runner is qmsum.ts. The rules (bench/README.md, "Summaries of real meetings"):
// - facts: the human summary is cut into clauses (sentences, then at "and", "but", "while", "which", ";"); a clause
//   with at least two words that carry meaning (stemmed, no stopwords, no words every AMI summary says: meeting,
//   team, remote control, the four roles) is a fact. A fact is found in a text when every number it states is there
//   (digits or words: "25", "twenty five") and at least half of its other words are.
// - repeated: the overview's sentences among themselves, the key points, decisions and action items among
//   themselves (across the three lists), the clauses of one text among themselves (chapter titles are not
//   counted; a clause never runs past its sentence's end); a unit is repeated when an earlier one has the same words that carry meaning (Jaccard >= 0.6, or
//   80 % of the shorter one's words when it has three or more). An item that says what an overview sentence says is
//   not counted: the overview sums up the points.
// - tasks without a committing line: an action item whose cited line, the line before it (a question it answers)
//   and, where the cited line is a question, the line after it (its answer) say no "I'll", "I will", "I can" (not
//   "can't"), "we'll", "we will", "let's", "going to", "gonna", "you'll", "shall" or "<Name> will".
// - unsupported: an item (key point, decision, action item) sharing no word that carries meaning with its cited line.
import type { Segment } from '@scrivo/domain/recordings';
import type { Summary } from '../../api/src/summaries/summary-shape';
import { contentWords, tokens } from '../../api/src/summaries/words';

const GENERIC = new Set(
  contentWords(
    'meeting meetings team group member members project manager industrial designer user interface marketing expert ' +
      'remote control controls discuss discussed discussion talk talked also then first next later finally agreed ' +
      'decided thought think idea ideas presented presentation',
  ),
);

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 };

/** The numbers a text states, as values: "25", "12.50", "twelve and a half", "fifty million", "twenty five", "25 million". */
export const numbersIn = (text: string): number[] => {
  const words = text
    .toLowerCase()
    .replace(/(\d),(\d{3})/g, '$1$2')
    .match(/\d+(?:\.\d+)?|[a-z]+/g);
  if (!words) return [];
  const found: number[] = [];
  let current: number | null = null;
  let total = 0;
  let previous = '';
  const flush = () => {
    if (current !== null) found.push(total + current);
    current = null;
    total = 0;
  };
  for (const word of words) {
    if (/^\d/.test(word)) {
      flush();
      current = Number(word);
    } else if (word in UNITS) {
      const value = UNITS[word]!;
      // "twenty five": one number; "five five": two.
      if (current !== null && current >= 20 && current % 10 === 0 && value < 10) current += value;
      else {
        flush();
        current = value;
      }
    } else if (word in SCALES && current !== null) {
      const scale = SCALES[word]!;
      if (scale === 100) current *= 100;
      else {
        total += current * scale;
        current = 0;
      }
    } else if (word === 'and' && current !== null) {
      // "one hundred and twenty": carries on
    } else if (word === 'a' && previous === 'and' && current !== null) {
      // "twelve and a half": carries on to the half
    } else if (word === 'half' && previous === 'a' && current !== null) current += 0.5;
    else flush();
    previous = word;
  }
  flush();
  // "zero" left alone is seldom a fact; "one" is mostly "one of them": neither counts as a number stated.
  return found.filter((n) => n > 1);
};

/** The human summary's facts: clauses with at least two words that carry meaning. */
export interface Fact {
  readonly text: string;
  readonly words: readonly string[];
  readonly numbers: readonly number[];
}

const CLAUSE_BREAK =
  /[.;!?]\s+|,?\s+(?:and|but|while|whereas|which|as well as|however)\s+|,\s+(?:then|so)\s+/i;

export const factsOf = (summary: string): Fact[] => {
  const facts: Fact[] = [];
  for (const clause of summary.split(CLAUSE_BREAK)) {
    const words = [...new Set(contentWords(clause).filter((w) => !GENERIC.has(w) && !/^\d/.test(w)))];
    const numbers = numbersIn(clause);
    const fact = { text: clause.trim(), words, numbers };
    if (words.length + numbers.length >= 2) facts.push(fact);
    else if (facts.length > 0 && words.length + numbers.length > 0) {
      // A clause too short to be a fact of its own belongs to the one before it ("and the cost").
      const last = facts.pop()!;
      facts.push({
        text: `${last.text}, ${fact.text}`,
        words: [...new Set([...last.words, ...words])],
        numbers: [...last.numbers, ...numbers],
      });
    }
  }
  return facts;
};

/** Whether a text holds a fact: all its numbers and at least half of its other words. */
export const holds = (fact: Fact, text: { words: ReadonlySet<string>; numbers: ReadonlySet<number> }) => {
  if (!fact.numbers.every((n) => text.numbers.has(n))) return false;
  if (fact.words.length === 0) return true;
  return fact.words.filter((w) => text.words.has(w)).length / fact.words.length >= 0.5;
};

export const asText = (text: string) => ({
  words: new Set(contentWords(text)),
  numbers: new Set(numbersIn(text)),
});

/** All the words a summary shows. */
export const summaryText = (summary: Summary): string =>
  [
    summary.overview,
    ...summary.keyPoints.map((p) => p.text),
    ...summary.decisions.map((p) => p.text),
    ...summary.actionItems.map((p) => `${p.owner ?? ''} ${p.text}`),
    ...summary.chapters.map((c) => c.title),
  ].join('\n');

export const factsFound = (facts: readonly Fact[], text: string) => {
  const t = asText(text);
  return facts.map((fact) => ({ fact: fact.text, found: holds(fact, t) }));
};

const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
/** A clause ends where its sentence ends: a clause that ran across a full stop (ES2009b's overview) read two
 * sentences that each said something new as one that said an earlier clause again. */
const clauses = (text: string) =>
  sentences(text)
    .flatMap((sentence) => sentence.split(/[,;:]\s+|\s+-\s+/))
    .map((s) => s.trim())
    .filter(Boolean);

/** Two texts that say the same: most of the words that carry meaning shared. */
export const nearDuplicate = (a: readonly string[], b: readonly string[]): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size === 0 || y.size === 0) return false;
  const shared = [...x].filter((w) => y.has(w)).length;
  const union = new Set([...x, ...y]).size;
  const smaller = Math.min(x.size, y.size);
  return shared / union >= 0.6 || (smaller >= 3 && shared / smaller >= 0.8);
};

/** How many units repeat an earlier one, and what they are. */
const repeatsIn = (units: readonly string[], minWords: number) => {
  const seen: string[][] = [];
  const repeated: string[] = [];
  for (const unit of units) {
    const words = contentWords(unit);
    if (words.length < minWords) continue;
    if (seen.some((earlier) => nearDuplicate(earlier, words))) repeated.push(unit);
    else seen.push(words);
  }
  return repeated;
};

/**
 * Repetition in a summary: overview sentences and items that say what an earlier one said, plus clauses repeated
 * within one text ("the decision to use an LCD display, the decision to use an LCD display, ...").
 */
export const repetitions = (summary: Summary): string[] => {
  const texts = [
    summary.overview,
    ...summary.keyPoints.map((p) => p.text),
    ...summary.decisions.map((p) => p.text),
    ...summary.actionItems.map((p) => p.text),
  ];
  const items = [
    ...summary.keyPoints.map((p) => p.text),
    ...summary.decisions.map((p) => p.text),
    ...summary.actionItems.map((p) => p.text),
  ];
  return [
    ...repeatsIn(sentences(summary.overview), 1),
    ...repeatsIn(items, 1),
    ...texts.flatMap((t) => repeatsIn(clauses(t), 2)),
  ];
};

/** A line in which someone takes something on or settles it. */
const COMMITTING_WORDS =
  /\b(?:i'll|i will|i shall|i can(?!'t|not)|we'll|we will|we shall|let's|let us|going to|gonna|you'll|you will)\b/i;
const NAME_WILL =
  /\b(?!(?:It|That|This|There|These|Those|They|What|Which|Who|Where|When|How|Why|Nothing|Everything|Something|Anything|Everyone|Nobody|One|Then|So|And|But)\b)\p{Lu}\p{Ll}+ will\b/u;
export const COMMITTING = { test: (text: string) => COMMITTING_WORDS.test(text) || NAME_WILL.test(text) };

const lineIndexAt = (lines: readonly Segment[], at: number) => {
  let found = 0;
  for (const [i, line] of lines.entries()) if (Math.floor(line.start) <= at) found = i;
  return found;
};

/** Action items whose cited line (or the line before it, a question it answers) commits nobody to anything. */
export const uncommittedTasks = (summary: Summary, lines: readonly Segment[]) =>
  summary.actionItems.filter((item) => {
    const i = lineIndexAt(lines, item.at);
    const answer = lines[i]!.text.trim().endsWith('?') ? lines[i + 1] : undefined;
    return ![lines[i], lines[i - 1], answer].some((l) => l && COMMITTING.test(l.text));
  });

/** Items that share no word that carries meaning with the line they cite. */
export const unsupportedItems = (summary: Summary, lines: readonly Segment[]) =>
  [...summary.keyPoints, ...summary.decisions, ...summary.actionItems].filter((item) => {
    const line = lines[lineIndexAt(lines, item.at)]!;
    const own = new Set([...contentWords(line.text), ...tokens(line.speaker ?? '')]);
    return !contentWords(item.text).some((w) => own.has(w));
  });

/**
 * A QMSum transcript as the summarizer gets a transcript: the annotation tags out ({vocalsound}, {disfmarker},
 * {gap}), spaces before punctuation closed, empty turns left out, the speaker's role as the speaker, and times at
 * 150 words a minute (the AMI meetings' pace is close: a 17-minute meeting is about 2,500 words).
 */
/**
 * AMI's transcribers spell an acronym letter by letter ("L_C_D_", "T_V_s"); Whisper writes "LCD", "TVs", and so
 * does every human summary. The meetings are read as the product would get them.
 */
export const asWritten = (text: string) =>
  text.replace(/\b(?:[A-Za-z]_)+/g, (letters) => letters.replace(/_/g, ''));

export const asSegments = (turns: readonly { speaker: string; content: string }[]): Segment[] => {
  const segments: Segment[] = [];
  let at = 0;
  for (const turn of turns) {
    const text = asWritten(turn.content)
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\s+([.,?!])/g, '$1')
      .replace(/([.,?!])(?:\s*[.,])+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const seconds = text.split(' ').length * 0.4;
    segments.push({
      id: segments.length,
      start: Math.round(at * 10) / 10,
      end: Math.round((at + seconds) * 10) / 10,
      text,
      speaker: turn.speaker,
      words: [],
    });
    at += seconds + 0.3;
  }
  return segments;
};
