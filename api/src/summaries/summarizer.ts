import type { LanguageModel } from '@scrivo/domain';
import type { Segment } from '@scrivo/domain/recordings';
import { MEETING_TEMPLATE, type SummaryTemplate } from '@scrivo/domain/summaries';
import { saysTask } from './committed-task';
import { DECISION } from './line-selection';
import { ask, type Message } from './model-answer';
import {
  candidates,
  languageName,
  line,
  MAX_TOKENS,
  OUTCOMES_QUESTION,
  outlineQuestion,
  systemPrompt,
} from './prompts';
import { withoutRepeatedClauses, withoutRepeatedItems, withoutRepeatedSentences } from './repetition';
import { withFiguresSaid } from './figures-said';
import { inLinesWords, pointsOfTheLines, withPointsSaid } from './points-said';
import { runsTheMeeting } from './runs-the-meeting';
import { commits, PROPOSAL } from './spoken';
import { linesRead, splitIntoParts } from './summary-parts';
import { checkedOwner, checkPoints, FIRST_PERSON_TASK, inLinesSense, lineAt } from './support-check';
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
import { asTask, withAcceptedTasks, withoutRepeatedTasks, withTasksSaid } from './tasks';
import { wordCount } from './words';

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
    const outcomes = await ask(model, {
      shape: PartOutcomes,
      jsonSchema: partOutcomesSchema,
      messages: reading,
      maxTokens: MAX_TOKENS.outcomes,
      language: options.language,
      signal: options.signal,
    });
    // The figures and proposals the lines state, which become key points in the lines' words whatever the model writes.
    const taken = checking ? pointsOfTheLines(part, options.language) : [];
    const outline = await ask(model, {
      shape: PartOutline,
      jsonSchema: partOutlineSchema,
      messages: [
        ...reading,
        { role: 'assistant', content: outcomes.text },
        { role: 'user', content: outlineQuestion(taken) },
      ],
      maxTokens: MAX_TOKENS.outline,
      language: options.language,
      signal: options.signal,
    });
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
    // Nor is what runs the meeting ("We will discuss that later.").
    const statements = decided.filter(
      (d) =>
        !d.text.trim().endsWith('?') &&
        !FIRST_PERSON_TASK.test(d.text) &&
        !(checking && runsTheMeeting(d.text, options.language)),
    );
    // A decision is what a line settled ("we'll", "let's", "we agree", a yes to what was put forward); what only
    // was said is a key point, not a decision, in its line's words where they state a figure or a proposal.
    const decisions = checking ? statements.filter((d) => settledAt(part, d.at)) : statements;
    const saidOnly = checking
      ? statements.filter((d) => !settledAt(part, d.at)).map((d) => inLinesWords(d, part, options.language))
      : [];
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
    const joined = await ask(model, {
      shape: CombinedOverview,
      jsonSchema: combinedOverviewSchema,
      messages: [
        {
          role: 'system',
          content: `These are the summaries of the consecutive parts of one recording. Write one overview of the whole recording in ${language}, three to five sentences, in JSON: {"overview": "..."}.`,
        },
        { role: 'user', content: results.map((r, i) => `Part ${i + 1}: ${r.overview}`).join('\n') },
      ],
      maxTokens: MAX_TOKENS.overview,
      language: options.language,
      signal: options.signal,
    });
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
