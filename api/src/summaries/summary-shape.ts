import { z } from 'zod/v4';

/** A point of the summary with the second of the recording it comes from (a link that seeks the player). */
const Point = z.object({ text: z.string().trim().min(1).max(240), at: z.number().nonnegative() });

// Bounds the grammar enforces while the model writes: a small model forced into a list can go on repeating
// itself until it runs out of tokens, leaving JSON that never closes.
const MAX_POINTS = 5;

const ActionItemShape = z.object({
  // Before the task, and a plain string: a small model forced through the shape writes the name it has in mind
  // first, where it otherwise settles for null. Empty when nobody is named.
  owner: z.string().trim().max(60),
  text: z.string().trim().min(1).max(240),
  at: z.number().nonnegative(),
});

/**
 * The first question about a part: what was decided and who will do what. Asked on its own, a small model reads
 * the lines for exactly that; asked together with the outline it tends to leave these lists empty.
 */
export const PartOutcomes = z.object({
  decisions: z.array(Point).max(MAX_POINTS),
  actionItems: z.array(ActionItemShape).max(MAX_POINTS),
});

/** The second question: the outline of the part. */
export const PartOutline = z.object({
  overview: z.string().trim().min(1).max(900),
  keyPoints: z.array(Point).min(1).max(MAX_POINTS),
  chapters: z
    .array(z.object({ title: z.string().trim().min(1).max(100), start: z.number().nonnegative() }))
    .min(1)
    .max(MAX_POINTS),
});

/** What one part of a transcript comes to: both answers, each checked with zod. */
export const PartSummary = z.object({
  ...PartOutline.shape,
  ...PartOutcomes.shape,
});
export type PartSummary = z.infer<typeof PartSummary>;

/** The answer of the last step that joins the parts' overviews into one. */
export const CombinedOverview = z.object({ overview: z.string().trim().min(1).max(1500) });

export const partOutcomesSchema = z.toJSONSchema(PartOutcomes);
export const partOutlineSchema = z.toJSONSchema(PartOutline);
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
