/** A point of a summary with the second of the recording it comes from (a link that seeks the player). */
export interface SummaryPoint {
  readonly text: string;
  readonly at: number;
}

export interface SummaryActionItem extends SummaryPoint {
  /** The person the transcript names for it, or null when nobody is named. */
  readonly owner: string | null;
}

export interface SummaryChapter {
  readonly title: string;
  readonly start: number;
}

/** What a summary says: written by the engine, then possibly edited by its owner. */
export interface SummaryContent {
  readonly overview: string;
  readonly keyPoints: readonly SummaryPoint[];
  readonly decisions: readonly SummaryPoint[];
  readonly actionItems: readonly SummaryActionItem[];
  readonly chapters: readonly SummaryChapter[];
}

/** Long enough for any real summary, short enough to refuse a pasted book. */
export const MAX_SUMMARY_TEXT_LENGTH = 4000;
export const MAX_SUMMARY_ITEMS = 200;
