import type { LanguageModel } from '@scrivo/domain';
import type { Segment } from '@scrivo/domain/recordings';
import { MEETING_TEMPLATE, type SummaryTemplate } from '@scrivo/domain/summaries';
import type { z } from 'zod/v4';
import { ACCEPTED, ASKED, committedTasks, isTaskClause, saysTask } from './committed-task';
import { DECISION, selectLines } from './line-selection';
import { withoutRepeatedClauses, withoutRepeatedItems, withoutRepeatedSentences } from './repetition';
import { withFiguresSaid } from './figures-said';
import { withPointsSaid } from './points-said';
import { capitalised, commits, OPENING_WORDS, PROPOSAL, splitLongLines, tidyLines } from './spoken';
import {
  checkedOwner,
  checkPoints,
  FIRST_PERSON,
  FIRST_PERSON_TASK,
  inLinesSense,
  lineAt,
} from './support-check';
import {
  CombinedOverview,
  combinedOverviewSchema,
  PartOutcomes,
  partOutcomesSchema,
  PartOutline,
  partOutlineSchema,
  type PartSummary,
  type ActionItem,
  type Summary,
} from './summary-shape';
import { contentWords, wordCount } from './words';

/** About 1,200 words (1,600 tokens) a part: the prompt and the answer fit the local model's context with room. */
export const DEFAULT_PART_WORDS = 1200;

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
const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

export class SummaryFormatError extends Error {
  constructor(detail: string) {
    super(`The summary engine answered twice in a shape that is not a summary (${detail}).`);
    this.name = 'SummaryFormatError';
  }
}

/** Consecutive segments, cut between segments, each part at most `maxWords` words (a longer segment alone). */
export const splitIntoParts = (segments: readonly Segment[], maxWords = DEFAULT_PART_WORDS): Segment[][] => {
  const parts: Segment[][] = [];
  let current: Segment[] = [];
  let words = 0;
  for (const segment of segments) {
    const count = wordCount(segment.text);
    if (current.length > 0 && words + count > maxWords) {
      parts.push(current);
      current = [];
      words = 0;
    }
    current.push(segment);
    words += count;
  }
  if (current.length > 0) parts.push(current);
  return parts;
};

/** The transcript as the summary reads it: fillers and stutters out, long turns as their sentences. */
export const readableLines = (segments: readonly Segment[]): Segment[] => splitLongLines(tidyLines(segments));

/** The lines the model reads: the extractive pass over the readable lines. */
export const linesRead = (segments: readonly Segment[]): Segment[] => selectLines(readableLines(segments));

/** The parts the model reads, in order: the lines the extractive pass keeps, cut between lines. */
export const summaryParts = (segments: readonly Segment[], maxWords = DEFAULT_PART_WORDS): Segment[][] =>
  splitIntoParts(linesRead(segments), maxWords);

const line = (s: Segment) => `[${Math.floor(s.start)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text.trim()}`;

/** Bounds on each answer: a part's outcomes and outline are short lists of short sentences. */
const MAX_TOKENS = { outcomes: 700, outline: 700, overview: 300 } as const;

export interface SummarizeOptions {
  /** The language to write in (ISO 639-1): the transcript's own unless the user picks another. */
  readonly language: string;
  /** What the summary is for (its instructions are read with the transcript); a meeting unless chosen. */
  readonly template?: SummaryTemplate;
  /** The transcript's language, when the summary is written in another: points are then not checked word by word. */
  readonly transcriptLanguage?: string;
  readonly maxPartWords?: number;
  readonly signal?: AbortSignal;
  /** Called after each step with the share of the work done (0..1). */
  readonly onProgress?: (progress: number) => void;
  /** Called after each step with the merged summary so far, for the page to show while the rest is written. */
  readonly onPartDone?: (draft: Summary, progress: number) => void;
}

/** What the faithfulness check did: points no line supported (not shown), and points moved to the line that does. */
export interface SummaryChecks {
  readonly unsupportedDropped: number;
  readonly moved: number;
  /** Points that said the opposite of their line (a "not" more or less), written as the line says it. */
  readonly rewritten: number;
  /** Words of the transcript, and of the lines the model read (the extractive pass keeps long ones short). */
  readonly words: number;
  readonly wordsRead: number;
}

const systemPrompt = (language: string, template: SummaryTemplate) =>
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

const OUTCOMES_QUESTION = [
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
const OUTLINE_QUESTION = [
  'Now the outline of the same lines: overview (two or three sentences on what the meeting was about and what it',
  'chose), keyPoints (each a different fact the lines state, as a short sentence with who said it as the line names',
  // No example with a name and a figure: the 1.5B model wrote "the Project Manager proposed 25 euros" into the
  // overview of a meeting where Marketing said it (IS1006a, 2026-12-06).
  'its speaker: a figure or price, a proposal, a choice; never "X discussed Y") and chapters (short titles of the',
  'sections, each with the second its first line starts at).',
].join(' ');

type Draft = Omit<PartSummary, 'actionItems'> & { actionItems: ActionItem[] };

const merged = (
  results: readonly Draft[],
  overview: string,
  options: SummarizeOptions,
  model: LanguageModel,
  people: readonly string[],
): Summary => {
  // Each thing once: a decision is not listed again as a task or a key point, nor a task as a key point.
  const [decisions, actionItems, keyPoints] = withoutRepeatedItems<{
    text: string;
    at: number;
    owner?: string | null;
  }>(
    [
      results.flatMap((r) => r.decisions),
      results.flatMap((r) => r.actionItems),
      results.flatMap((r) => r.keyPoints),
    ],
    options.language,
  );
  return {
    overview: withoutRepeatedSentences(overview, options.language, people),
    keyPoints: keyPoints!.map(({ text, at }) => ({ text, at })),
    decisions: decisions!.map(({ text, at }) => ({ text, at })),
    actionItems: actionItems!.map(({ text, at, owner }) => ({ text, at, owner: owner ?? null })),
    chapters: results.flatMap((r) => r.chapters).sort((a, b) => a.start - b.start),
    language: options.language,
    engine: model.name,
  };
};

/**
 * Summarises a transcript of any length. A long one is first cut down to the lines that carry its content
 * (line-selection.ts); the lines are read in parts, and the model is asked two questions about each part in one
 * conversation, so the local service reads the part once and the second question costs only its own words. Every
 * point cites the second it comes from and is kept only where that line supports it (support-check.ts); then the
 * parts' overviews are joined. Each answer is checked against the fixed shape (one retry, then SummaryFormatError).
 */
export const summarizeTranscript = async (
  model: LanguageModel,
  segments: readonly Segment[],
  options: SummarizeOptions,
): Promise<Summary & { readonly checks: SummaryChecks }> => {
  const chosen = linesRead(segments);
  // Who speaks: one thing said of each of them in turn is said once (repetition.ts).
  const people = [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  const parts = splitIntoParts(chosen, options.maxPartWords);
  const steps = parts.length + (parts.length > 1 ? 1 : 0);
  const language = languageName(options.language);
  const template = options.template ?? MEETING_TEMPLATE;
  // Word by word only in the language the lines are in.
  const checking = (options.transcriptLanguage ?? options.language) === options.language;
  const results: Draft[] = [];
  let unsupportedDropped = 0;
  let moved = 0;
  let rewritten = 0;
  for (const [index, part] of parts.entries()) {
    const first = part[0]!.start;
    const last = part.at(-1)!.end;
    const whole = template.instructions ? 'recording' : 'meeting';
    const of = parts.length > 1 ? `Part ${index + 1} of ${parts.length} of the ${whole}. ` : '';
    const reading: Message[] = [
      { role: 'system', content: systemPrompt(language, template) },
      {
        role: 'user',
        content: `${of}Transcript:\n${part.map(line).join('\n')}\n\n${OUTCOMES_QUESTION}${candidates(part)}`,
      },
    ];
    const outcomes = await ask(
      model,
      PartOutcomes,
      partOutcomesSchema,
      options.signal,
      reading,
      MAX_TOKENS.outcomes,
    );
    const outline = await ask(
      model,
      PartOutline,
      partOutlineSchema,
      options.signal,
      [
        ...reading,
        { role: 'assistant', content: outcomes.text },
        { role: 'user', content: OUTLINE_QUESTION },
      ],
      MAX_TOKENS.outline,
    );
    const within = (at: number) => Math.min(Math.max(Math.floor(at), Math.floor(first)), Math.floor(last));
    const check = <T extends { text: string; at: number }>(points: readonly T[]): T[] => {
      const inside = points.map((p) => ({
        ...p,
        text: withoutRepeatedClauses(withoutSpeaker(p.text, part), options.language),
        at: within(p.at),
      }));
      if (!checking) return inside;
      const result = checkPoints(inside, part, options.language);
      unsupportedDropped += result.dropped.length;
      moved += result.moved;
      return result.kept;
    };
    // A decision cites the line that settles it, and a point with a "not" its line does not say (or without the one
    // it says) is turned around.
    const inSense = <T extends { text: string; at: number }>(
      points: readonly T[],
      decisions: boolean,
    ): T[] =>
      !checking
        ? [...points]
        : points.flatMap((point) => {
            const sensed = inLinesSense(
              point,
              part,
              options.language,
              decisions || DECISION.test(point.text),
            );
            if (sensed === null) unsupportedDropped += 1;
            else if (sensed !== point) rewritten += 1;
            return sensed ? [sensed] : [];
          });
    const decided = inSense(check(outcomes.data.decisions), true);
    // What a small model lists as a decision may be a task ("I will send the draft next week": an action item of
    // the speaker's) or a question ("What went wrong?": neither).
    const statements = decided.filter((d) => !d.text.trim().endsWith('?') && !FIRST_PERSON_TASK.test(d.text));
    // A decision is what a line settled ("we'll", "let's", "we agree", a yes to what was put forward); what only
    // was said is a key point, not a decision.
    const decisions = checking ? statements.filter((d) => settledAt(part, d.at)) : statements;
    const saidOnly = checking ? statements.filter((d) => !settledAt(part, d.at)) : [];
    const tasksListedAsDecisions = decided
      .filter((d) => FIRST_PERSON_TASK.test(d.text))
      .map((d) => ({ owner: '', text: d.text, at: d.at }));
    const listed = [...check(outcomes.data.actionItems), ...tasksListedAsDecisions]
      // A task is one someone took on, in the line it cites ("I will", "let's", a yes to "can you ...?"), and says
      // what was taken on there: not a question, a fragment or a filler ("Just type hold it on.": issue 41).
      .filter(
        (item) => !checking || (!item.text.trim().endsWith('?') && saysTask(item, part, options.language)),
      )
      .map((item) => ({
        text: checking ? asTask(item.text) : item.text,
        owner: checking ? checkedOwner(item.owner || null, part, item.at) : item.owner || null,
        at: item.at,
      }));
    // A task asked for and taken on is one even where the model left it out; written in the lines' words, so only
    // when the summary is in their language.
    // So is a task someone says is theirs ("I will make a list of the 50 posts."); and one task the model listed
    // twice in two wordings is one.
    const actionItems = checking
      ? withoutRepeatedTasks(withTasksSaid(withAcceptedTasks(listed, part), part), options.language)
      : listed;
    results.push({
      overview: withoutRepeatedSentences(outline.data.overview, options.language, people),
      // The figures and the proposals the lines state are key points even where the model left them out.
      keyPoints: checking
        ? withPointsSaid(
            withFiguresSaid([...inSense(check(outline.data.keyPoints), false), ...saidOnly], decisions, part),
            decisions,
            part,
            options.language,
          )
        : [...inSense(check(outline.data.keyPoints), false), ...saidOnly],
      decisions,
      actionItems,
      // A title the answer repeats is one chapter (the first); parts may each have an "Introduction".
      chapters: withoutRepeatedItems(
        [
          outline.data.chapters.map((c) => ({
            text: withoutRepeatedClauses(c.title, options.language),
            at: within(c.start),
          })),
        ],
        options.language,
      )[0]!.map(({ text, at }) => ({ title: text, start: at })),
    });
    options.onProgress?.((index + 1) / steps);
    // The parts' overviews one after another until they are joined.
    const overviews = results.map((r) => r.overview).join(' ');
    options.onPartDone?.(merged(results, overviews, options, model, people), (index + 1) / steps);
  }
  let overview = results[0]?.overview ?? '';
  if (results.length > 1) {
    const joined = await ask(
      model,
      CombinedOverview,
      combinedOverviewSchema,
      options.signal,
      [
        {
          role: 'system',
          content: `These are the summaries of the consecutive parts of one recording. Write one overview of the whole recording in ${language}, three to five sentences, in JSON: {"overview": "..."}.`,
        },
        { role: 'user', content: results.map((r, i) => `Part ${i + 1}: ${r.overview}`).join('\n') },
      ],
      MAX_TOKENS.overview,
    );
    overview = joined.data.overview;
    options.onProgress?.(1);
    options.onPartDone?.(merged(results, overview, options, model, people), 1);
  }
  const words = (list: readonly Segment[]) => list.reduce((n, s) => n + wordCount(s.text), 0);
  return {
    ...merged(results, overview, options, model, people),
    checks: { unsupportedDropped, moved, rewritten, words: words(segments), wordsRead: words(chosen) },
  };
};

/** A point copied with its line's "Anna: " in front reads as the point alone. */
export const withoutSpeaker = (text: string, lines: readonly Segment[]): string => {
  const label = /^\s*([^:]{1,40}):\s+(\S.*)$/s.exec(text);
  if (!label) return text;
  const speakers = new Set(lines.flatMap((l) => (l.speaker ? [l.speaker.trim().toLowerCase()] : [])));
  return speakers.has(label[1]!.trim().toLowerCase()) ? label[2]! : text;
};

/**
 * The extractive hint: the lines whose words say a decision or a task. A 1.5B model asked for the decisions of a
 * whole part often leaves the list empty; pointed at the lines to read again, it writes them.
 */
const candidates = (part: readonly Segment[]) => {
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

/**
 * The cited line settles something: it commits someone, says a decision, is put forward and taken up, or answers
 * what was asked or put forward just before it ("Should we use an agency?" ... "We do not use an agency, we post the
 * job ourselves.").
 */
const settledAt = (lines: readonly Segment[], at: number) => {
  const index = lineAt(lines, at);
  const text = lines[index]!.text.trim();
  if (text.endsWith('?')) return false;
  const putForward = (l: Segment | undefined) =>
    !!l && (l.text.trim().endsWith('?') || PROPOSAL.test(l.text));
  return (
    commits(lines, index) ||
    DECISION.test(text) ||
    (PROPOSAL.test(text) && commits(lines, index + 1)) ||
    [1, 2, 3].some((k) => putForward(lines[index - k]))
  );
};

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

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

const ask = async <Shape extends z.ZodType>(
  model: LanguageModel,
  shape: Shape,
  jsonSchema: Record<string, unknown>,
  signal: AbortSignal | undefined,
  messages: Message[],
  maxTokens: number,
): Promise<{ data: z.infer<Shape>; text: string }> => {
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await model.complete({
      messages,
      maxTokens,
      jsonSchema,
      // The same request at temperature 0 gives the same malformed answer: the retry samples a little.
      temperature: attempt === 0 ? 0 : 0.4,
      avoidRepetition: true,
      ...(signal ? { signal } : {}),
    });
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      problem = 'not JSON';
      continue;
    }
    const parsed = shape.safeParse(json);
    if (parsed.success) return { data: parsed.data, text: answer.text };
    problem = parsed.error.issues[0]?.message ?? 'wrong shape';
  }
  throw new SummaryFormatError(problem);
};
