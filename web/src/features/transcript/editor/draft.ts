/**
 * Unsaved transcript edits. Kept in localStorage until the server has them, so a reload, a closed tab or a dropped
 * connection loses nothing.
 */
export interface Draft {
  /** The transcript version these edits were made on. */
  readonly baseVersion: number;
  /** New segment texts by segment index. */
  readonly segments: Readonly<Record<number, string>>;
  /** Speaker renames, server label -> new name. */
  readonly speakers: Readonly<Record<string, string>>;
}

/** The part of `localStorage` the editor uses (a plain object stands in for it in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const emptyDraft = (baseVersion: number): Draft => ({ baseVersion, segments: {}, speakers: {} });

export const isEmpty = (draft: Draft): boolean =>
  Object.keys(draft.segments).length === 0 && Object.keys(draft.speakers).length === 0;

/** Later edits win over earlier ones. */
export const mergeDrafts = (earlier: Draft, later: Draft): Draft => ({
  baseVersion: earlier.baseVersion,
  segments: { ...earlier.segments, ...later.segments },
  speakers: { ...earlier.speakers, ...later.speakers },
});

/**
 * After a save that renamed speakers, the server knows them by their new names: re-key edits still waiting that
 * were made against the old labels.
 */
export const rebaseSpeakers = (pending: Draft, saved: Draft, newVersion: number): Draft => {
  const speakers: Record<string, string> = {};
  for (const [label, name] of Object.entries(pending.speakers))
    speakers[saved.speakers[label] ?? label] = name;
  return { baseVersion: newVersion, segments: pending.segments, speakers };
};

export const draftKey = (recordingId: string) => `scrivo:transcript-draft:${recordingId}`;

export const loadDraft = (storage: DraftStorage | null, recordingId: string): Draft | null => {
  try {
    const raw = storage?.getItem(draftKey(recordingId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed.baseVersion !== 'number') return null;
    return {
      baseVersion: parsed.baseVersion,
      segments: parsed.segments ?? {},
      speakers: parsed.speakers ?? {},
    };
  } catch {
    return null;
  }
};

export const storeDraft = (storage: DraftStorage | null, recordingId: string, draft: Draft): void => {
  try {
    if (isEmpty(draft)) storage?.removeItem(draftKey(recordingId));
    else storage?.setItem(draftKey(recordingId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the edits still live in memory and are saved as usual.
  }
};

/** The request body of `PATCH /api/recordings/{id}/transcript`. */
export const toEditBody = (draft: Draft) => ({
  version: draft.baseVersion,
  segments: Object.entries(draft.segments).map(([index, text]) => ({ index: Number(index), text })),
  speakers: draft.speakers,
});
