import { z } from 'zod/v4';

/** A point of the summary with the second of the recording it comes from (a link that seeks the player). */
const Point = z.object({ text: z.string().trim().min(1).max(240), at: z.number().nonnegative() });

// Bounds the grammar enforces while the model writes: a small model forced into a list can go on repeating
// itself until it runs out of tokens, leaving JSON that never closes.
const MAX_POINTS = 8;

/**
 * What the model must answer for one part of a transcript: the fixed JSON shape, checked with zod. The grammar
 * makes the model write the fields in this order: the decisions and tasks first, while it reads the lines
 * closely, and the overview last (written first, a small model tends to think it has said everything and
 * closes the lists empty).
 */
export const PartSummary = z.object({
  decisions: z.array(Point).max(MAX_POINTS),
  actionItems: z
    .array(
      z.object({
        // Before the task, and a plain string: a small model forced through the shape writes the name it has in
        // mind first, where it otherwise settles for null. Empty when nobody is named.
        owner: z.string().trim().max(60),
        text: z.string().trim().min(1).max(240),
        at: z.number().nonnegative(),
      }),
    )
    .max(MAX_POINTS),
  keyPoints: z.array(Point).min(1).max(MAX_POINTS),
  chapters: z
    .array(z.object({ title: z.string().trim().min(1).max(100), start: z.number().nonnegative() }))
    .min(1)
    .max(MAX_POINTS),
  overview: z.string().trim().min(1).max(900),
});
export type PartSummary = z.infer<typeof PartSummary>;

/** The answer of the last step that joins the parts' overviews into one. */
export const CombinedOverview = z.object({ overview: z.string().trim().min(1).max(1500) });

export const partSummarySchema = z.toJSONSchema(PartSummary);
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
