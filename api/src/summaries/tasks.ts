import type { Segment } from '@scrivo/domain/recordings';
import { ACCEPTED, ASKED, isTaskClause } from './committed-task';
import { capitalised, OPENING_WORDS } from './spoken';
import { FIRST_PERSON, lineAt } from './support-check';
import type { ActionItem } from './summary-shape';
import { contentWords } from './words';

/**
 * The action items with every task asked of someone by name and taken on in the next line ("Deena, can you add a
 * note section to the ticket template?" "Sure, I will do that today."). A 1.5B model often leaves these out (the
 * answer alone, "I will do that", does not say the task), or copies the question with no owner (the name asked is
 * not the speaker's as Whisper writes it: "Deena" for Dina), or owned by the name as Whisper wrote it. Such a task
 * is listed at the question, where it is said, owned by who said yes; an item the model listed there without an
 * owner, or with the name asked, gets that owner, and the task in place of the copied question.
 */
export const withAcceptedTasks = (items: readonly ActionItem[], lines: readonly Segment[]): ActionItem[] => {
  const tasks = lines.flatMap((line, i) => {
    const asked = ASKED.exec(line.text.trim());
    const answer = lines[i + 1];
    if (!asked || !answer?.speaker || answer.speaker === line.speaker || !ACCEPTED.test(answer.text))
      return [];
    const task = asked[2]!.trim();
    // "Can you do that?" says no task of its own.
    if (contentWords(task).length < 2) return [];
    return [
      {
        text: `${capitalised(task)}.`,
        owner: answer.speaker,
        asked: asked[1]!.toLowerCase(),
        at: Math.floor(line.start),
        answeredAt: Math.floor(answer.start),
      },
    ];
  });
  const listed = items.map((item) => {
    const task = tasks.find((t) => item.at === t.at || item.at === t.answeredAt);
    // The name asked is who said yes, as the transcript writes it ("Tina" for Dina): the model copies it as written.
    if (!task || (item.owner && item.owner.trim().toLowerCase() !== task.asked)) return item;
    return { text: item.text.trim().endsWith('?') ? task.text : item.text, owner: task.owner, at: item.at };
  });
  const left = tasks.filter((t) => !items.some((item) => item.at === t.at || item.at === t.answeredAt));
  return [...listed, ...left.map(({ text, owner, at }) => ({ text, owner, at }))];
};

// "Thanks, and I will write a short note to everyone.": a clause that starts with the speaker taking a task on (after
// the words a spoken line starts with), and the task, to the end of its sentence. "I will" and "I can" (offering to
// do it); not "let me" or "I'm going to", which in a call mostly lead what the speaker does next ("let me share my
// screen", "I'm going to go through the numbers").
const SAID_TASK = new RegExp(
  String.raw`(?:^|[,.;!]\s+)${OPENING_WORDS}(?:i will|i'll|i can)\s+([^,;.!?]+)`,
  'i',
);
// "I'll share my screen", "I'll unmute": the meeting's own mechanics, not a task of its outcome.
const CALL_TALK = /\b(?:screen|mute|unmute|camera|mic|microphone|hear|see|honest|slides?)\b/i;

/**
 * The action items with every task a person says is theirs, in a line of its own ("I will make a list of the 50
 * posts."), that the model left out. A 1.5B model reading a meeting drops some of these, most often the last ones
 * said; the line says the task and who does it, so it is listed in the line's words, owned by its speaker. Not a
 * line that answers someone else's question (the task is in the question: withAcceptedTasks), a question ("I will
 * what?"), or a task of fewer than two words that carry meaning ("I will do that", "let me think").
 */
export const withTasksSaid = (items: readonly ActionItem[], lines: readonly Segment[]): ActionItem[] => {
  const cited = new Set(items.map((item) => lineAt(lines, item.at)));
  const said = lines.flatMap((line, i) => {
    const text = line.text.trim();
    const before = lines[i - 1];
    const answers = !!before && before.speaker !== line.speaker && before.text.trim().endsWith('?');
    if (!line.speaker || text.endsWith('?') || answers || cited.has(i)) return [];
    const task = SAID_TASK.exec(text)?.[1]?.trim();
    if (!task || !isTaskClause(task) || CALL_TALK.test(task)) return [];
    return [{ text: `${capitalised(task)}.`, owner: line.speaker, at: Math.floor(line.start) }];
  });
  return [...items, ...said];
};

/** Two thirds of the shorter wording's words that carry meaning in the other: one task said twice. */
const SAME_TASK_SHARE = 2 / 3;

/**
 * One task per owner: a model reading a task and the line that repeats or answers it may list it twice in two
 * wordings ("Ask my old colleagues if anyone is looking." and "Leo will ask his old colleagues."). An item whose
 * owner already has an earlier item with most of its words (or whose words that one has) is left out. Items of
 * different owners, or with no owner, are never merged: two people may each do the same thing.
 */
export const withoutRepeatedTasks = (items: readonly ActionItem[], language: string): ActionItem[] => {
  const kept: { item: ActionItem; words: Set<string> }[] = [];
  for (const item of items) {
    const owner = item.owner?.trim().toLowerCase();
    // "Leo will ask ..." and "Ask ...": the owner named and the "will" say who, not what.
    const who = new Set([...contentWords(owner ?? '', language), 'will']);
    const words = new Set(contentWords(item.text, language).filter((w) => !who.has(w)));
    const repeats = kept.some((earlier) => {
      if (!owner || earlier.item.owner?.trim().toLowerCase() !== owner) return false;
      const shared = [...words].filter((w) => earlier.words.has(w)).length;
      const shorter = Math.min(words.size, earlier.words.size);
      return shorter > 0 && shared / shorter >= SAME_TASK_SHARE;
    });
    if (!repeats) kept.push({ item, words });
  }
  return kept.map((k) => k.item);
};

/**
 * A task as a task list says it: a small model often copies the line ("I will change the price today"); with the
 * owner beside it, the item is "Change the price today".
 */
export const asTask = (text: string): string => {
  const task = text.trim().replace(new RegExp(String.raw`^${OPENING_WORDS}(?:${FIRST_PERSON})\s+`, 'i'), '');
  return task === text.trim() ? task : capitalised(task);
};
