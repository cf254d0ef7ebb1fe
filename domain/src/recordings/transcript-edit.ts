import { DomainError } from '../kernel/errors';
import { relabelTimeline, timelineAfterRestructure } from './speaker-timeline';
import type { Segment, SpeakerTurn, TranscriptBody, Word } from './transcript';
import { transcriptText } from './transcript';

/** Long enough for any real segment (Whisper's are a sentence or two), short enough to refuse pasted books. */
export const MAX_SEGMENT_TEXT_LENGTH = 2000;
export const MAX_SPEAKER_NAME_LENGTH = 100;

export interface SegmentTextEdit {
  readonly index: number;
  readonly text: string;
}

/** One accepted edit, as stored in `TranscriptEdited`: words are already re-derived, so replays need no maths. */
export interface EditedSegment {
  readonly index: number;
  readonly text: string;
  readonly words: readonly Word[];
}

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Words of an edited segment: the segment keeps its start and end, and each word gets a share of that span
 * proportional to its length, so click-to-seek and the playing-word highlight still land close to the audio.
 * Probability 1: a person wrote these words.
 */
export const deriveWords = (text: string, start: number, end: number): Word[] => {
  const tokens = text.split(/\s+/).filter((t) => t.length > 0);
  const total = tokens.reduce((sum, t) => sum + t.length, 0);
  const span = Math.max(0, end - start);
  let consumed = 0;
  return tokens.map((token) => {
    const wordStart = start + (span * consumed) / total;
    consumed += token.length;
    const wordEnd = start + (span * consumed) / total;
    return { start: round(wordStart), end: round(wordEnd), text: token, probability: 1 };
  });
};

/** Tidies one segment's new text (single spaces, trimmed) or refuses it. */
export const cleanSegmentText = (edit: SegmentTextEdit, segmentCount: number): string => {
  if (!Number.isInteger(edit.index) || edit.index < 0 || edit.index >= segmentCount)
    throw invalid(`Segment ${edit.index} does not exist (the transcript has ${segmentCount} segments).`);
  const text = edit.text.replace(/\s+/g, ' ').trim();
  if (text.length === 0) throw invalid(`The text of segment ${edit.index} cannot be empty.`);
  if (text.length > MAX_SEGMENT_TEXT_LENGTH)
    throw invalid(`The text of segment ${edit.index} can be at most ${MAX_SEGMENT_TEXT_LENGTH} characters.`);
  return text;
};

/** Tidies a speaker rename (old label -> new name) or refuses it; the old label must be in the transcript. */
export const cleanSpeakerNames = (
  speakers: Readonly<Record<string, string>>,
  known: ReadonlySet<string>,
): Record<string, string> => {
  const cleaned: Record<string, string> = {};
  for (const [label, name] of Object.entries(speakers)) {
    if (!known.has(label)) throw invalid(`There is no speaker "${label}" in this transcript.`);
    const tidy = name.replace(/\s+/g, ' ').trim();
    if (tidy.length === 0) throw invalid(`The new name of "${label}" cannot be empty.`);
    if (tidy.length > MAX_SPEAKER_NAME_LENGTH)
      throw invalid(`A speaker name can be at most ${MAX_SPEAKER_NAME_LENGTH} characters.`);
    if (tidy !== label) cleaned[label] = tidy;
  }
  return cleaned;
};

/**
 * A change of the transcript's structure, stored in `TranscriptEdited.restructure`: `remove` segments from `index`
 * are replaced by `insert` (whole segments, so replays need no maths). Speaker reassignment, merge and split are
 * all one of these; so is their Undo.
 */
export interface TranscriptSplice {
  readonly index: number;
  readonly remove: number;
  readonly insert: readonly Segment[];
  /** Set on an Undo: the version whose change this one takes back. */
  readonly undoes?: number;
}

/** A word by its segment and its place in that segment's words (0-based). */
export interface WordPosition {
  readonly segment: number;
  readonly word: number;
}

/** What the editor asks for; the decider turns it into a splice. */
export type StructureChange =
  /** The words from..to (inclusive, across lines if need be) were said by `speaker` (existing or new). */
  | {
      readonly kind: 'assignSpeaker';
      readonly from: WordPosition;
      readonly to: WordPosition;
      readonly speaker: string;
    }
  /** The line and the one before it are one line (the earlier line's speaker keeps it). */
  | { readonly kind: 'mergeWithPrevious'; readonly index: number }
  /** The line becomes two, the second starting at word `word`. */
  | { readonly kind: 'split'; readonly index: number; readonly word: number };

/** Words of a segment; one without word times (an old or engine-less segment) gets them spread by length. */
const wordsOf = (segment: Segment): readonly Word[] =>
  segment.words.length > 0 ? segment.words : deriveWords(segment.text, segment.start, segment.end);

/** A piece of a segment made of some of its words (its times follow the words; the engine's doubt goes). */
const piece = (segment: Segment, words: readonly Word[], id: number, speaker: string | null): Segment => {
  const { confidence: _confidence, lowConfidence: _low, ...kept } = segment;
  return {
    ...kept,
    id,
    speaker,
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    text: words.map((w) => w.text).join(' '),
    words: [...words],
  };
};

const segmentAt = (segments: readonly Segment[], index: number): Segment => {
  const segment = Number.isInteger(index) ? segments[index] : undefined;
  if (!segment)
    throw invalid(`Segment ${index} does not exist (the transcript has ${segments.length} segments).`);
  return segment;
};

const wordIndexIn = (segment: Segment, index: number, word: number): number => {
  const count = wordsOf(segment).length;
  if (!Number.isInteger(word) || word < 0 || word >= count)
    throw invalid(`Segment ${index} has no word ${word} (it has ${count}).`);
  return word;
};

export const cleanSpeakerName = (name: string): string => {
  const tidy = name.replace(/\s+/g, ' ').trim();
  if (tidy.length === 0) throw invalid('The speaker name cannot be empty.');
  if (tidy.length > MAX_SPEAKER_NAME_LENGTH)
    throw invalid(`A speaker name can be at most ${MAX_SPEAKER_NAME_LENGTH} characters.`);
  return tidy;
};

/**
 * Turns a structure change into the splice that makes it, or null when it changes nothing (the words already
 * belong to that speaker). `nextId` is the first free segment id: new pieces get fresh ids, kept parts keep theirs.
 */
export const planStructureChange = (
  segments: readonly Segment[],
  change: StructureChange,
  nextId: number,
): TranscriptSplice | null => {
  let id = nextId;
  if (change.kind === 'mergeWithPrevious') {
    const current = segmentAt(segments, change.index);
    if (change.index === 0) throw invalid('The first line has no line before it to merge with.');
    const previous = segments[change.index - 1]!;
    const merged = piece(
      previous,
      [...wordsOf(previous), ...wordsOf(current)],
      previous.id,
      previous.speaker,
    );
    return {
      index: change.index - 1,
      remove: 2,
      insert: [{ ...merged, start: previous.start, end: current.end }],
    };
  }
  if (change.kind === 'split') {
    const segment = segmentAt(segments, change.index);
    const words = wordsOf(segment);
    const at = wordIndexIn(segment, change.index, change.word);
    if (at === 0) throw invalid('A line cannot be split before its first word.');
    return {
      index: change.index,
      remove: 1,
      insert: [
        { ...piece(segment, words.slice(0, at), segment.id, segment.speaker), start: segment.start },
        { ...piece(segment, words.slice(at), id, segment.speaker), end: segment.end },
      ],
    };
  }
  const speaker = cleanSpeakerName(change.speaker);
  const first = segmentAt(segments, change.from.segment);
  const last = segmentAt(segments, change.to.segment);
  const fromWord = wordIndexIn(first, change.from.segment, change.from.word);
  const toWord = wordIndexIn(last, change.to.segment, change.to.word);
  if (
    change.to.segment < change.from.segment ||
    (change.to.segment === change.from.segment && toWord < fromWord)
  )
    throw invalid('The selection ends before it starts.');
  const insert: Segment[] = [];
  let changed = false;
  for (let index = change.from.segment; index <= change.to.segment; index++) {
    const segment = segments[index]!;
    const words = wordsOf(segment);
    const start = index === change.from.segment ? fromWord : 0;
    const end = index === change.to.segment ? toWord + 1 : words.length;
    if (segment.speaker !== speaker) changed = true;
    if (start === 0 && end === words.length) {
      insert.push({ ...segment, speaker });
      continue;
    }
    // Only part of this line changes speaker: it becomes up to three lines, the words keeping their times.
    const parts: Array<[readonly Word[], string | null]> = [
      [words.slice(0, start), segment.speaker],
      [words.slice(start, end), speaker],
      [words.slice(end), segment.speaker],
    ];
    let keptId = false;
    for (const [partWords, partSpeaker] of parts) {
      if (partWords.length === 0) continue;
      insert.push(piece(segment, partWords, keptId ? id++ : segment.id, partSpeaker));
      keptId = true;
    }
  }
  if (!changed) return null;
  return { index: change.from.segment, remove: change.to.segment - change.from.segment + 1, insert };
};

export const applySplice = (segments: readonly Segment[], splice: TranscriptSplice): Segment[] => [
  ...segments.slice(0, splice.index),
  ...splice.insert,
  ...segments.slice(splice.index + splice.remove),
];

/** Applies an accepted edit to the segments (texts and renames first, then any restructure). */
export const applySegmentEdit = (
  segments: readonly Segment[],
  edit: {
    segments: readonly EditedSegment[];
    speakers: Readonly<Record<string, string>>;
    restructure?: TranscriptSplice;
  },
): Segment[] => {
  const byIndex = new Map(edit.segments.map((s) => [s.index, s]));
  const edited: Segment[] = segments.map((segment, index) => {
    const changed = byIndex.get(index);
    const speaker =
      segment.speaker !== null && edit.speakers[segment.speaker] !== undefined
        ? edit.speakers[segment.speaker]!
        : segment.speaker;
    if (!changed) return { ...segment, speaker };
    // A person wrote these words: the engine's doubt about its own no longer applies.
    const { confidence: _confidence, lowConfidence: _low, ...kept } = segment;
    return { ...kept, speaker, text: changed.text, words: [...changed.words] };
  });
  return edit.restructure ? applySplice(edited, edit.restructure) : edited;
};

interface AcceptedEdit {
  segments: readonly EditedSegment[];
  speakers: Readonly<Record<string, string>>;
  restructure?: TranscriptSplice;
}

/** The speaker timeline after an edit: renamed with the lines, and following words given to another speaker. */
const editedTimeline = (
  timeline: readonly SpeakerTurn[],
  segments: readonly Segment[],
  edit: AcceptedEdit,
): SpeakerTurn[] => {
  const renamed =
    Object.keys(edit.speakers).length > 0 ? relabelTimeline(timeline, edit.speakers) : [...timeline];
  const splice = edit.restructure;
  if (!splice) return renamed;
  const before = applySegmentEdit(segments, { segments: edit.segments, speakers: edit.speakers });
  return timelineAfterRestructure(
    renamed,
    before.slice(splice.index, splice.index + splice.remove),
    splice.insert,
  );
};

/** Applies an accepted edit to a transcript (read models and anything else that holds the full body). */
export const applyTranscriptEdit = <T extends TranscriptBody>(transcript: T, edit: AcceptedEdit): T => {
  const segments = applySegmentEdit(transcript.segments, edit);
  const timeline = transcript.speakerTimeline;
  return {
    ...transcript,
    segments,
    text: transcriptText(segments),
    ...(timeline ? { speakerTimeline: editedTimeline(timeline, transcript.segments, edit) } : {}),
  };
};
