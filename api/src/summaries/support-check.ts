import type { Segment } from '@scrivo/domain/recordings';
import { contentWords, isFigure, normalise, tokens } from './words';

/**
 * The faithfulness check of a summary: every point cites the second of a line, and a point stays only where that
 * line says it. A 1.5B model writes fluent sentences that mix two people up ("Sheila is also originally from New
 * Jersey", where Diane is) or invent a link between lines; a reader who clicks the point lands on the line and
 * would see it. So a point needs, in the line it cites:
 * - every name and figure it states (the speaker of the line counts as named in it);
 * and, in that line or the one before or after it (a question and its answer):
 * - at least a third of its other words that carry meaning.
 * A point that fails where it points is moved to the line of the part that supports it best, or dropped.
 */

export interface CitedPoint {
  readonly text: string;
  readonly at: number;
}

export interface CheckedPoints<T> {
  readonly kept: T[];
  /** Points no line of the part supports: not shown. */
  readonly dropped: T[];
  /** Points kept with another second than the one they cited. */
  readonly moved: number;
}

const SHARE_OF_WORDS = 1 / 3;

/** Capitalised words of the point other than its first, and figures: what must be in the cited line itself. */
const namesAndFigures = (text: string, language: string, speakers: ReadonlySet<string>): string[] => {
  const words = text.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
  const found = words.filter((word, index) => {
    const lower = word.toLowerCase();
    if (isFigure(lower)) return true;
    if (!/^\p{Lu}/u.test(word)) return false;
    // The first word is capitalised by the sentence, unless it is one of the people speaking.
    if (index === 0 && !speakers.has(lower)) return false;
    return contentWords(word, language).length > 0;
  });
  return found.map((w) => normalise(w.toLowerCase()));
};

const lineWords = (segment: Segment, language: string) =>
  new Set([
    ...contentWords(segment.text, language),
    ...(segment.speaker ? tokens(segment.speaker).map(normalise) : []),
  ]);

// A part's speakers, found once per part rather than once per point and line compared.
const speakerCache = new WeakMap<readonly Segment[], ReadonlySet<string>>();
const speakersOf = (lines: readonly Segment[]): ReadonlySet<string> => {
  let speakers = speakerCache.get(lines);
  if (!speakers)
    speakerCache.set(lines, (speakers = new Set(lines.flatMap((l) => (l.speaker ? tokens(l.speaker) : [])))));
  return speakers;
};

/** The index of the line a second points at: the last line starting at or before it (the prompt gives whole seconds). */
export const lineAt = (lines: readonly Segment[], at: number): number => {
  let found = 0;
  for (const [i, line] of lines.entries()) if (Math.floor(line.start) <= at) found = i;
  return found;
};

/**
 * How well line `index` supports the point: null when it does not, else the share of the point's words the line and
 * its neighbours hold, plus the share the line holds itself (so that, moving a point, the line that says it wins
 * over the line before it).
 */
export const support = (
  text: string,
  lines: readonly Segment[],
  index: number,
  language: string,
): number | null => {
  const speakers = speakersOf(lines);
  const own = lineWords(lines[index]!, language);
  if (!namesAndFigures(text, language, speakers).every((w) => own.has(w))) return null;
  const near = new Set(
    [lines[index - 1], lines[index], lines[index + 1]].flatMap((l) => (l ? [...lineWords(l, language)] : [])),
  );
  const words = [...new Set(contentWords(text, language))];
  if (words.length === 0) return null;
  const share = words.filter((w) => near.has(w)).length / words.length;
  return share >= SHARE_OF_WORDS ? share + words.filter((w) => own.has(w)).length / words.length : null;
};

/** Keeps each point where its cited line supports it, moves it to the best line that does, or drops it. */
export const checkPoints = <T extends CitedPoint>(
  points: readonly T[],
  lines: readonly Segment[],
  language: string,
): CheckedPoints<T> => {
  const kept: T[] = [];
  const dropped: T[] = [];
  let moved = 0;
  for (const point of points) {
    const cited = lineAt(lines, point.at);
    const here = support(point.text, lines, cited, language);
    if (here !== null) {
      // Supported with the help of a line beside it: the line beside it may be the one that says it.
      const near = [cited - 1, cited + 1].filter((i) => i >= 0 && i < lines.length);
      const scored = near.map((i) => ({ i, share: support(point.text, lines, i, language) ?? 0 }));
      const better = scored.filter((c) => c.share > here).sort((a, b) => b.share - a.share)[0]?.i;
      if (better === undefined) kept.push(point);
      else {
        moved += 1;
        kept.push({ ...point, at: Math.floor(lines[better]!.start) });
      }
      continue;
    }
    let best: { index: number; share: number } | null = null;
    for (const index of lines.keys()) {
      const share = support(point.text, lines, index, language);
      if (share !== null && (!best || share > best.share)) best = { index, share };
    }
    if (!best) {
      dropped.push(point);
      continue;
    }
    moved += 1;
    kept.push({ ...point, at: Math.floor(lines[best.index]!.start) });
  }
  return { kept, dropped, moved };
};

/** How a person says a task is theirs ("I will ...", "let me ..."): one list for every rule that reads it. */
export const FIRST_PERSON = String.raw`i will|i'll|i can|i'm going to|i am going to|let me`;
const capitalisedWords = (text: string): string[] =>
  (text.match(/\p{Lu}[\p{L}\p{N}]*(?:'[\p{L}]+)?/gu) ?? []).map((w) => w.toLowerCase());

export const FIRST_PERSON_TASK = new RegExp(String.raw`\b(?:${FIRST_PERSON})\b`, 'i');

/**
 * Who an action item belongs to, as the lines say it: the owner the model named when the cited line or one beside it
 * names that person, or when that person answers a question with the cited line ("Sure, by Friday"); else the
 * speaker, when the line is theirs to do ("I will ..."); else nobody.
 */
export const checkedOwner = (owner: string | null, lines: readonly Segment[], at: number): string | null => {
  const index = lineAt(lines, at);
  const line = lines[index]!;
  if (owner) {
    const name = tokens(owner);
    // Named as a name is written, capitalised: "Will" the person is not the "will" of "I will ask ...".
    const named = [lines[index - 1], line, lines[index + 1]].flatMap((l) =>
      l ? capitalisedWords(l.text) : [],
    );
    if (name.length > 0 && name.every((w) => named.includes(w))) return owner;
    const answers = lines[index - 1]?.text.trim().endsWith('?') ?? false;
    if (answers && line.speaker && tokens(line.speaker).join(' ') === name.join(' ')) return owner;
  }
  return FIRST_PERSON_TASK.test(line.text) && line.speaker ? line.speaker : null;
};

// Words that turn what a sentence says into its opposite ("we do not use an agency", "no agency", "we don't").
const NEGATION = /\b(?:not|no|never|nobody|nothing|none|neither|nor|cannot)\b|n't\b/i;

export const isNegated = (text: string): boolean => NEGATION.test(text);

// What a spoken line starts with before it says anything ("And we do not ...", "Okay, so we ...").
const LEAD_IN = /^(?:(?:and|so|then|okay|ok|yeah|yes|well|right|good|great|um|uh|hmm),?\s+)+/i;

/** How many lines after a question its answer or its decision may come. */
const ANSWERED_WITHIN = 3;

/**
 * A point in the sense its line says it. The word check above cannot see a flipped meaning: "we agree to use a
 * recruiting agency", cited at "Should we use a recruiting agency this time?" (the line sharing most of its words)
 * where they then said "And we do not use an agency, we post the job ourselves.", passes it. So:
 * - a decision (`decision`: from the decisions list, or a point that says one) is settled by a line, not a question:
 *   one that cites a question cites the line of the next three that says most of it, or is dropped;
 * - where the point and its line disagree on a "not", "no" or "don't", the point is written as the line says it
 *   (without its "and", "so"); a question cannot be written as a point, so one that cites a question is dropped.
 */
export const inLinesSense = <T extends CitedPoint>(
  point: T,
  lines: readonly Segment[],
  language: string,
  decision: boolean,
): T | null => {
  let index = lineAt(lines, point.at);
  let cited = point;
  if (decision && lines[index]!.text.trim().endsWith('?')) {
    // The answer is the line that itself says most of the point (a line beside it may support it with the
    // question's words).
    const words = [...new Set(contentWords(point.text, language))];
    const answers = lines
      .slice(index + 1, index + 1 + ANSWERED_WITHIN)
      .map((line, n) => ({
        i: index + 1 + n,
        own: words.filter((w) => lineWords(line, language).has(w)).length,
      }))
      .filter((a) => a.own > 0 && support(point.text, lines, a.i, language) !== null)
      .sort((a, b) => b.own - a.own || a.i - b.i);
    if (answers.length === 0) return null;
    index = answers[0]!.i;
    cited = { ...point, at: Math.floor(lines[index]!.start) };
  }
  const line = lines[index]!.text.trim();
  if (isNegated(point.text) === isNegated(line)) return cited;
  if (line.endsWith('?')) return null;
  const said = line.replace(LEAD_IN, '');
  return { ...cited, text: `${said.charAt(0).toUpperCase()}${said.slice(1)}` };
};
