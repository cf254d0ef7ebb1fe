import { DomainError } from '../kernel/errors';
import type { Segment, TranscriptBody, Word } from './transcript';
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

/** What the decider needs to remember of a transcript to judge an edit. */
export interface SegmentOutline {
  readonly start: number;
  readonly end: number;
  readonly speaker: string | null;
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

/** Applies an accepted edit to a transcript (read models and anything else that holds the full body). */
export const applyTranscriptEdit = <T extends TranscriptBody>(
  transcript: T,
  edit: { segments: readonly EditedSegment[]; speakers: Readonly<Record<string, string>> },
): T => {
  const byIndex = new Map(edit.segments.map((s) => [s.index, s]));
  const segments: Segment[] = transcript.segments.map((segment, index) => {
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
  return { ...transcript, segments, text: transcriptText(segments) };
};
