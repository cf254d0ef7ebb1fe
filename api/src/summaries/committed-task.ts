import type { Segment } from '@scrivo/domain/recordings';
import { FIRST_PERSON, lineAt } from './support-check';
import { contentWords, isFigure } from './words';

/**
 * What a line commits someone to. A real meeting says "I'll", "we'll" and "gonna" far more often than anyone takes
 * a task on ("it's gonna be not my favourite one", "I'll see you in half an hour", "I'll give it a two"), and a 1.5B
 * model reading such a line copies a piece of it as a task ("Be able to pull it up", "Just type hold it on.": issue
 * 41). So an action item needs the clause its line commits to, and to say most of that clause: not the words around
 * it.
 */

// "Kate, can you write the job description?": the person asked, and the task. The name is the one before "can you"
// (after the start of the line, a comma or an "and"), capitalised as Whisper writes names.
export const ASKED =
  /(?:^|[,.;]\s*|\band\s+)(\p{Lu}[\p{L}'-]*),?\s+(?:can|could|will|would) you\s+([^?]+)\?/u;
// The same question with nobody named ("Can you check the price?").
const ASKED_ANYONE = /\b(?:can|could|will|would) you\s+([^?]+)\?/i;
// An answer that takes the task on ("Sure, I will do that today.").
export const ACCEPTED = new RegExp(
  String.raw`^\s*(?:sure|yes|yeah|okay|ok|of course|no problem|will do|${FIRST_PERSON})\b`,
  'i',
);

// The words that take something on, then the clause taken on ("I'll send the minutes", "the Designer will draw
// ..."), in any case but a name's, which is capitalised. Not "I can't", and not a question ("will we need ...?").
const COMMITMENT =
  /\b(?:i'll|i will|i shall|i can(?!'t|not)|we'll|we will|we shall|let's|let us|you'll|you will|(?:i'm|i am|we're|we are|you're|you are|he's|she's|they're) (?:going to|gonna)|gonna)\s+([^,.;!?]+)/gi;
const NAMED_WILL =
  /\b(?!(?:It|That|This|There|These|Those|They|What|Which|Who|Where|When|How|Why|Nothing|Everything|Something|Anything|Everyone|Nobody|One|Then|So|And|But)\b)\p{Lu}\p{Ll}+ will\s+([^,.;!?]+)/gu;
// Words said before the task that say nothing of it ("I'll just", "we'll probably try to").
const HEDGES =
  /^(?:(?:just|also|then|probably|maybe|perhaps|definitely|really|actually|try to|try and|have to)\s+)+/i;
// What the words of a commitment lead in a meeting that is not a task: a prediction ("it's gonna be"), the meeting
// itself ("let's begin", "I'll see you", "we'll wait outside", "let's talk about money"), a thought ("I'll think").
const NOT_A_TASK =
  /^(?:be|being|see|hear|begin|start|continue|stop|wait|think|guess|say|talk|speak|go|come|move on|get started|end|finish|close|leave)\b/i;

/**
 * Whether every commitment a text says leads to what runs the meeting ("Next. Let's talk about money.", "okay let's
 * begin"); false where it says none.
 */
export const commitsOnlyToTheMeeting = (text: string): boolean => {
  const clauses = [...text.matchAll(COMMITMENT)].map((m) => m[1]!.trim().replace(HEDGES, ''));
  return clauses.length > 0 && clauses.every((clause) => NOT_A_TASK.test(clause));
};

/** A clause that says what is to be done: two words that carry meaning that are not figures ("give it a two"). */
export const isTaskClause = (clause: string): boolean => {
  const task = clause.trim().replace(HEDGES, '');
  return !NOT_A_TASK.test(task) && contentWords(task).filter((w) => !isFigure(w)).length >= 2;
};

const accepted = (lines: readonly Segment[], index: number) => {
  const question = lines[index];
  const answer = lines[index + 1];
  return (
    !!question &&
    !!answer &&
    answer.speaker !== question.speaker &&
    ACCEPTED.test(answer.text) &&
    !answer.text.trim().endsWith('?')
  );
};

const askedTask = (lines: readonly Segment[], index: number): string[] => {
  const text = lines[index]?.text.trim() ?? '';
  const task = (ASKED.exec(text)?.[2] ?? ASKED_ANYONE.exec(text)?.[1])?.trim();
  return task && accepted(lines, index) && isTaskClause(task) ? [task] : [];
};

/**
 * The tasks line `index` commits someone to: each clause after words that take something on (to the next comma or
 * sentence end, without "just", "probably"), or, for a question asking for a task ("Ben, can you check the
 * price?") and for the yes that answers it, the task asked. Empty where the line takes nothing on.
 */
export const committedTasks = (lines: readonly Segment[], index: number): string[] => {
  const line = lines[index];
  if (!line) return [];
  const text = line.text.trim();
  if (text.endsWith('?')) return askedTask(lines, index);
  const own = [...text.matchAll(COMMITMENT), ...text.matchAll(NAMED_WILL)]
    .map((m) => m[1]!.trim().replace(HEDGES, ''))
    .filter(isTaskClause);
  return own.length > 0 ? own : askedTask(lines, index - 1);
};

/** Half the item's words that carry meaning, in the clause committed to, make it that task. */
const SHARE_SAID = 1 / 2;

/**
 * Whether the line an action item cites commits someone to it: half of the item's words that carry meaning (the
 * owner's name and "will" aside) are in a clause the line commits to.
 */
export const saysTask = (
  item: { readonly text: string; readonly at: number; readonly owner?: string | null },
  lines: readonly Segment[],
  language = 'en',
): boolean => {
  const who = new Set([...contentWords(item.owner ?? '', language), 'will']);
  const words = [...new Set(contentWords(item.text, language))].filter((w) => !who.has(w));
  if (words.length === 0) return false;
  return committedTasks(lines, lineAt(lines, item.at)).some((clause) => {
    const said = new Set(contentWords(clause, language));
    return words.filter((w) => said.has(w)).length / words.length >= SHARE_SAID;
  });
};
