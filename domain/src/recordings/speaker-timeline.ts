import type { Segment, SpeakerTurn } from './transcript';

/** Timeline times keep the worker's precision: a hundredth of a second. */
const round = (n: number) => Math.round(n * 100) / 100;

const byTime = (a: SpeakerTurn, b: SpeakerTurn) =>
  a.start - b.start || a.end - b.end || a.speaker.localeCompare(b.speaker);

/**
 * The timeline in its one form: sorted by start, each speaker's touching or overlapping turns made one. Two labels
 * renamed to one name (speakers merged by a rename) become one speaker here too, whose time is counted once.
 */
export const normalizeTimeline = (turns: readonly SpeakerTurn[]): SpeakerTurn[] => {
  const out: SpeakerTurn[] = [];
  const last = new Map<string, number>();
  for (const turn of [...turns].filter((t) => t.end > t.start).sort(byTime)) {
    const at = last.get(turn.speaker);
    const previous = at === undefined ? undefined : out[at];
    if (previous && turn.start <= previous.end) {
      out[at!] = { ...previous, end: Math.max(previous.end, turn.end) };
      continue;
    }
    last.set(turn.speaker, out.length);
    out.push({ speaker: turn.speaker, start: turn.start, end: turn.end });
  }
  return out;
};

/** Each label mapped to its new one where `labels` has it (a rename, or a piece's label to the file-wide one). */
export const relabelTimeline = (
  timeline: readonly SpeakerTurn[],
  labels: Readonly<Record<string, string>>,
): SpeakerTurn[] =>
  normalizeTimeline(timeline.map((turn) => ({ ...turn, speaker: labels[turn.speaker] ?? turn.speaker })));

/** A piece's timeline moved from its own clock onto the whole file's. */
export const shiftTimeline = (timeline: readonly SpeakerTurn[], offsetSeconds: number): SpeakerTurn[] =>
  timeline.map((turn) => ({
    ...turn,
    start: round(turn.start + offsetSeconds),
    end: round(turn.end + offsetSeconds),
  }));

/** Who speaks when as far as the lines say (one speaker at a time): for transcripts that have no timeline. */
export const timelineFromSegments = (segments: readonly Segment[]): SpeakerTurn[] =>
  normalizeTimeline(
    segments.flatMap((s) => (s.speaker === null ? [] : [{ speaker: s.speaker, start: s.start, end: s.end }])),
  );

interface Move {
  readonly from: string;
  readonly to: string;
  readonly start: number;
  readonly end: number;
}

const wordSpans = (segment: Segment) =>
  segment.words.length > 0 ? segment.words : [{ start: segment.start, end: segment.end }];

/**
 * The stretches whose words changed speaker when `removed` lines were replaced by `inserted` ones: consecutive
 * words moved from one speaker to the same other one make one stretch, so the pauses between them move too.
 */
const movedStretches = (removed: readonly Segment[], inserted: readonly Segment[]): Move[] => {
  const speakerAt = (time: number) =>
    removed.find((s) => s.start <= time && time <= s.end)?.speaker ??
    removed.find((s) => wordSpans(s).some((w) => w.start <= time && time <= w.end))?.speaker ??
    null;
  const moves: Move[] = [];
  for (const segment of inserted) {
    // Whether the last stretch may still grow: a word that moves nothing ends it.
    let open = false;
    for (const word of wordSpans(segment)) {
      const from = speakerAt((word.start + word.end) / 2);
      const to = segment.speaker;
      if (from === null || to === null || from === to) {
        open = false;
        continue;
      }
      const last = moves.at(-1);
      if (open && last && last.from === from && last.to === to)
        moves[moves.length - 1] = { ...last, end: word.end };
      else moves.push({ from, to, start: word.start, end: word.end });
      open = true;
    }
  }
  return moves;
};

const without = (turn: SpeakerTurn, start: number, end: number): SpeakerTurn[] =>
  turn.end <= start || turn.start >= end
    ? [turn]
    : [
        ...(turn.start < start ? [{ ...turn, end: start }] : []),
        ...(turn.end > end ? [{ ...turn, start: end }] : []),
      ];

/**
 * The timeline after lines were restructured (`removed` lines replaced by `inserted` ones): where the owner gave
 * words to another speaker, that stretch of the timeline goes from the old speaker to the new one, so the lanes
 * say what the lines say. Merges and splits move no word, and change nothing here. Someone else heard at the same
 * moment (overlap) keeps their turn.
 */
export const timelineAfterRestructure = (
  timeline: readonly SpeakerTurn[],
  removed: readonly Segment[],
  inserted: readonly Segment[],
): SpeakerTurn[] => {
  let turns: SpeakerTurn[] = [...timeline];
  for (const move of movedStretches(removed, inserted)) {
    turns = turns.flatMap((turn) =>
      turn.speaker === move.from ? without(turn, move.start, move.end) : [turn],
    );
    turns.push({ speaker: move.to, start: move.start, end: move.end });
  }
  return normalizeTimeline(turns);
};
