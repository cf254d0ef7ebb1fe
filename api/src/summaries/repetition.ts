import { contentWords } from './words';

/**
 * A summary says each thing once. A 1.5B model reading disfluent talk can fall into a loop ("the decision to use an
 * LCD display or something like that, the decision to use an LCD display or something like that, ..." until the
 * answer's length runs out: issue 41), and then list the same clause as a key point and as a decision. The model
 * service damps loops while writing (DRY penalty: llm/server.mjs); these checks remove what is left:
 * - within one text, a clause that says what an earlier clause of it said, and the cut-off end of a loop;
 * - across the lists, an item that says what an item listed before it says (decisions first, then action items,
 *   then key points; within a list, the first).
 */

/** Most of the words that carry meaning shared: the same thing said twice. */
export const sayTheSame = (a: readonly string[], b: readonly string[]): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size === 0 || y.size === 0) return false;
  const shared = [...x].filter((w) => y.has(w)).length;
  const smaller = Math.min(x.size, y.size);
  return (
    shared / new Set([...x, ...y]).size >= 0.6 ||
    (smaller >= 3 && shared / smaller >= 0.8) ||
    shared === x.size
  );
};

// A clause ends at a comma, a semicolon, a colon or a sentence end; the delimiter stays with it.
const CLAUSE = /[^,;:.!?]+(?:[,;:.!?]+|$)/g;
const ENDS_SENTENCE = /[.!?]["')\]]*\s*$/;

/**
 * The text with every clause that repeats an earlier one left out, and an end cut off mid-clause (a loop that ran
 * out of room) closed at the last whole clause. A text without repetition comes back unchanged.
 */
export const withoutRepeatedClauses = (text: string, language = 'en'): string => {
  const trimmed = text.trim();
  const clauses = trimmed.match(CLAUSE)?.map((c) => c.trim()) ?? [];
  const seen: string[][] = [];
  const listed = new Set<string>();
  const kept: string[] = [];
  for (const [i, clause] of clauses.entries()) {
    const words = contentWords(clause, language);
    const repeats = words.length > 0 && seen.some((earlier) => sayTheSame(words, earlier));
    // The cut-off end of a loop: the last clause, unfinished, whose words an earlier clause already holds.
    const cutOffRepeat =
      i === clauses.length - 1 &&
      !ENDS_SENTENCE.test(clause) &&
      kept.length > 0 &&
      seen.some((earlier) => words.every((w) => earlier.includes(w)));
    // A list that loops on one name ("Marketing, Marketing, Marketing": the DRY penalty breaks its sequences at
    // commas, so it never sees this loop): a clause of one word said again word for word.
    const said = clause
      .replace(/[,;:.!?]+$/, '')
      .trim()
      .toLowerCase();
    const listedAgain = words.length === 1 && listed.has(said);
    if ((repeats && words.length >= 2) || cutOffRepeat || listedAgain) continue;
    listed.add(said);
    kept.push(clause);
    if (words.length > 0) seen.push(words);
  }
  if (kept.length === clauses.length) return trimmed;
  const joined = kept.join(' ').trim();
  // The clause before a removed one kept its comma: the text ends as a sentence does.
  return ENDS_SENTENCE.test(joined) ? joined : `${joined.replace(/[,;:\s]+$/, '')}.`;
};

/** Items of one list and of the lists before it, each said once: the later of two that say the same is left out. */
export const withoutRepeatedItems = <T extends { readonly text: string; readonly owner?: string | null }>(
  lists: readonly (readonly T[])[],
  language = 'en',
): T[][] => {
  const seen: string[][] = [];
  return lists.map((list) =>
    list.filter((item) => {
      // A task is compared with its owner: two people may each do the same thing.
      const words = contentWords(`${item.owner ?? ''} ${item.text}`, language);
      if (words.length > 0 && seen.some((earlier) => sayTheSame(words, earlier))) return false;
      seen.push(words);
      return true;
    }),
  );
};

/** How many sentences may open with the same five words ("The team is also evaluating the product's ..."). */
const SAME_OPENING_AT_MOST = 2;
const opening = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/\b(?:also|then|and|so)\b/g, '')
    .match(/[\p{L}\p{N}']+/gu)
    ?.slice(0, 5)
    .join(' ') ?? '';

/**
 * The sentences of an overview, each said once (and each without a clause it repeats), a pattern the model fell
 * into ("The team is also evaluating the product's X. The team is also evaluating the product's Y. ...") kept to its
 * first two, a last sentence cut off by the answer's length left out, and one thing said of each person in turn
 * ("The User Interface team will work on the ideas. The Industrial Designer will work on the ideas.": IS1006a) said
 * once: the names of `people` (the transcript's speakers) are not what makes a sentence new.
 */
export const withoutRepeatedSentences = (
  text: string,
  language = 'en',
  people: readonly string[] = [],
): string => {
  let sentences = withoutRepeatedClauses(text, language)
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
  if (sentences.length > 1 && !ENDS_SENTENCE.test(sentences.at(-1)!)) sentences = sentences.slice(0, -1);
  const openings = new Map<string, number>();
  sentences = sentences.filter((sentence) => {
    const start = opening(sentence);
    const seen = openings.get(start) ?? 0;
    openings.set(start, seen + 1);
    return start.split(' ').length < 5 || seen < SAME_OPENING_AT_MOST;
  });
  const names = new Set(contentWords(`${people.join(' ')} team`, language));
  const seen: string[][] = [];
  return sentences
    .filter((sentence) => {
      const words = contentWords(sentence, language).filter((w) => !names.has(w));
      if (words.length > 0 && seen.some((earlier) => sayTheSame(words, earlier))) return false;
      seen.push(words);
      return true;
    })
    .join(' ');
};
