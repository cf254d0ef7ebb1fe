import type { Segment } from '@scrivo/domain/recordings';

/**
 * Spoken lines as a summary reads them. Real meetings are disfluent ("Um so uh the the price is um twenty five
 * Euro"): the fillers and stutters cost reading time on a CPU and lead a 1.5B model to copy fragments ("Be able to
 * umpull it up": issue 41). They are taken out of what the model reads and checks against; the line keeps its
 * second, so every point still plays from where it was said.
 */

const FILLER =
  /(^|[\s,.;!?])(?:u+m+|u+h+m*|e+r+m+|e+h+|a+h+|o+h+|m+|m+-?h+m+|h+m+|uh-huh|mm-hmm)(?=[\s,.;!?]|$)/gi;
// "the the", "I I", "we we we": a word said again at once (not "that that", which English writes).
const STUTTER = /\b([\p{L}']+)(?:[\s,]+\1\b)+/giu;
// A word broken off at its first letter and started again ("S so", "w we"); not "a" or "I", which are words.
const BROKEN_OFF = /\b([b-hj-z])\s+(?=\1\p{L})/giu;

/** The line's words without fillers, stutters and words broken off; null when nothing is left to read. */
export const tidyLine = (text: string): string | null => {
  let tidy = ` ${text} `.replace(FILLER, '$1');
  tidy = tidy.replace(STUTTER, (all, word: string) =>
    ['that', 'had'].includes(word.toLowerCase()) ? all : word,
  );
  tidy = tidy.replace(BROKEN_OFF, '');
  tidy = tidy
    .replace(/\s+([,.;!?])/g, '$1')
    .replace(/([,;])(?:\s*[,;.])+/g, (_, p: string) => p)
    .replace(/^[\s,;.]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\p{L}{2,}|\p{N}/u.test(tidy)) return null;
  return `${tidy.charAt(0).toUpperCase()}${tidy.slice(1)}`;
};

/** The transcript as the summary reads it: each line tidied, lines of fillers alone left out. */
export const tidyLines = (segments: readonly Segment[]): Segment[] =>
  segments.flatMap((s) => {
    const text = tidyLine(s.text);
    return text === null ? [] : [{ ...s, text }];
  });

/**
 * A line in which someone takes something on or the meeting settles it: "I'll", "I will", "I can", "we'll", "we
 * will", "let's", "going to", "you'll", "<Name> will", "we decided", "we agree". Not "I can't", "will we?".
 */
const COMMITTING_WORDS =
  /\b(?:i'll|i will|i shall|i can(?!'t|not)|we'll|we will|we shall|let's|let us|(?:i'm|i am|we're|we are|you're|you are|he's|she's|they're) going to|gonna|you'll|you will|we(?: have)? decided|we agree\w*|agreed|decision is)\b/i;
// "Anna will send it", "the Designer is going to look at it": a person named, capitalised as a name.
const NAMED_WILL =
  /\b(?!(?:It|That|This|There|These|Those|They|What|Which|Who|Where|When|How|Why|Nothing|Everything|Something|Anything|Everyone|Nobody|One|Then|So|And|But)\b)\p{Lu}\p{Ll}+ (?:will|is going to)\b/u;
export const COMMITTED = {
  test: (text: string): boolean => COMMITTING_WORDS.test(text) || NAMED_WILL.test(text),
};

// The words a spoken line opens with before it says anything ("Okay, so, thanks, and I will ..."): a task said in a
// line, and a task copied from one, both start after them.
export const OPENING_WORDS = String.raw`(?:(?:and|so|then|okay|ok|yes|yeah|sure|thanks|thank you|right|fine|good|great|also),?\s+)*`;

export const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A line that puts something forward for the others to take up or turn down: what to do ("we should", "how about"),
 * what not to do ("we shouldn't go too far away from the usual ones"), and what the thing made has to be or do ("It
 * has to be original, trendy and user-friendly", "it also has to look nice": the design goals a kick-off meeting sets,
 * issue 41's TS3010a).
 */
export const PROPOSAL =
  /\b(?:we should(?:n't| not)?|we could|we can|we need to|we have to|we must|we don't want|should we|could we|can we|how about|what about|why don't we|i suggest|i propose|i think we|maybe we|i'd say|i would say|i prefer|we want|(?:it|this|that|they) (?:also |really )?(?:has to|have to|must|should|needs to|need to) (?:be|look|work)|we want it to be)\b/i;

/** Whether the line at `index` commits someone: its own words, or a "yes" to a question or proposal before it. */
export const commits = (lines: readonly Segment[], index: number): boolean => {
  const line = lines[index];
  if (!line) return false;
  if (!line.text.trim().endsWith('?') && COMMITTED.test(line.text)) return true;
  const before = lines[index - 1];
  return (
    !!before &&
    before.speaker !== line.speaker &&
    (before.text.trim().endsWith('?') || PROPOSAL.test(before.text)) &&
    /^\s*(?:yes|yeah|yep|sure|okay|ok|of course|definitely|absolutely|agreed|fine|sounds good|good idea|right)\b/i.test(
      line.text,
    ) &&
    !line.text.trim().endsWith('?')
  );
};

/** A turn longer than this is read as its sentences: the one that states a price is kept without the rest. */
const LONG_LINE_WORDS = 50;

/**
 * Long turns (a presenter's minutes of talk, one line in a hand-made transcript) as their sentences, each with the
 * second it is said at (the turn's time shared by words). What the model reads is chosen line by line, and a turn
 * that holds one fact among a hundred words would otherwise cost the hundred words or lose the fact. Speech
 * recognition writes lines of a few seconds, which stay as they are.
 */
export const splitLongLines = (segments: readonly Segment[]): Segment[] =>
  segments.flatMap((s) => {
    const words = s.text.split(/\s+/).filter(Boolean).length;
    if (words <= LONG_LINE_WORDS) return [s];
    const sentences =
      s.text
        .match(/[^.!?]+(?:[.!?]+|$)/g)
        ?.map((t) => t.trim())
        .filter(Boolean) ?? [];
    if (sentences.length < 2) return [s];
    const perWord = (s.end - s.start) / words;
    let done = 0;
    return sentences.map((text) => {
      const count = text.split(/\s+/).length;
      const start = s.start + done * perWord;
      done += count;
      return { ...s, text, start, end: s.start + done * perWord };
    });
  });
