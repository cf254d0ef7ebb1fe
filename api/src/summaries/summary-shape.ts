import { z } from 'zod/v4';

/**
 * How long each text may be. What an answer is read with (any engine's) is `READ`; what the local model's grammar
 * lets it write is `WRITTEN`, shorter: writing is what costs (about 10-20 tokens a second on 2 cores), and a 1.5B
 * model that copies a whole line of a real meeting as a "key point" (issue 41: 240 characters of greeting) or writes
 * an overview of five sentences that repeat the question spends a minute on it. A point is a short sentence.
 */
const READ = { point: 240, overview: 900, title: 100 } as const;
const WRITTEN = { point: 160, overview: 500, title: 60 } as const;
type Lengths = { readonly point: number; readonly overview: number; readonly title: number };

// Bounds the grammar enforces while the model writes: a small model forced into a list can go on repeating
// itself until it runs out of tokens, leaving JSON that never closes.
const MAX_POINTS = 5;

/** A point of the summary with the second of the recording it comes from (a link that seeks the player). */
const point = (n: Lengths) =>
  z.object({ text: z.string().trim().min(1).max(n.point), at: z.number().nonnegative() });

const actionItemShape = (n: Lengths) =>
  z.object({
    // Before the task, and a plain string: a small model forced through the shape writes the name it has in mind
    // first, where it otherwise settles for null. Empty when nobody is named.
    owner: z.string().trim().max(60),
    text: z.string().trim().min(1).max(n.point),
    at: z.number().nonnegative(),
  });

/**
 * The first question about a part: what was decided and who will do what. Asked on its own, a small model reads
 * the lines for exactly that; asked together with the outline it tends to leave these lists empty.
 */
const outcomesShape = (n: Lengths) =>
  z.object({
    decisions: z.array(point(n)).max(MAX_POINTS),
    actionItems: z.array(actionItemShape(n)).max(MAX_POINTS),
  });
export const PartOutcomes = outcomesShape(READ);

/** The second question: the outline of the part. */
const outlineShape = (n: Lengths) =>
  z.object({
    overview: z.string().trim().min(1).max(n.overview),
    keyPoints: z.array(point(n)).min(1).max(MAX_POINTS),
    chapters: z
      .array(z.object({ title: z.string().trim().min(1).max(n.title), start: z.number().nonnegative() }))
      .min(1)
      .max(MAX_POINTS),
  });
export const PartOutline = outlineShape(READ);

/** What one part of a transcript comes to: both answers, each checked with zod. */
export const PartSummary = z.object({
  ...PartOutline.shape,
  ...PartOutcomes.shape,
});
export type PartSummary = z.infer<typeof PartSummary>;

/** The answer of the last step that joins the parts' overviews into one. */
export const CombinedOverview = z.object({ overview: z.string().trim().min(1).max(1500) });

/** The shapes the model is asked to write (a grammar holds the local model to them). */
export const partOutcomesSchema = z.toJSONSchema(outcomesShape(WRITTEN));
export const partOutlineSchema = z.toJSONSchema(outlineShape(WRITTEN));
export const combinedOverviewSchema = z.toJSONSchema(CombinedOverview);

export interface ActionItem {
  readonly text: string;
  /** The person the transcript names for it, or null. */
  readonly owner: string | null;
  readonly at: number;
}

export interface Summary extends Omit<PartSummary, 'actionItems'> {
  readonly actionItems: readonly ActionItem[];
  /** ISO 639-1 code of the language it is written in. */
  readonly language: string;
  /** Which engine wrote it (shown to the user). */
  readonly engine: string;
}
