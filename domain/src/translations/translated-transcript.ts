import type { Segment, TranscriptBody } from '../recordings/transcript';
import { deriveWords } from '../recordings/transcript-edit';
import type { TranslatedSegment } from './events';

/** The original segment that overlaps a time span most (its speaker labels the translated text). */
export const overlappingSegment = (
  segments: readonly Segment[],
  span: { readonly start: number; readonly end: number },
): Segment | undefined => {
  let best: Segment | undefined;
  let most = -Infinity;
  for (const segment of segments) {
    const overlap = Math.min(segment.end, span.end) - Math.max(segment.start, span.start);
    if (overlap > most) {
      most = overlap;
      best = segment;
    }
  }
  return best;
};

/**
 * The transcript in another language, built from the translation's segments with their times (the text
 * engines keep the original's segments; Whisper's speech translation cuts its own), each with the speaker of the
 * original it overlaps and words spread over its span, so subtitles and every other export work as on the original.
 */
export const translatedTranscript = <T extends TranscriptBody>(
  transcript: T,
  segments: readonly TranslatedSegment[],
  target: string,
): T => {
  const translated = segments.map((s, id) => ({
    id,
    start: s.start,
    end: s.end,
    text: s.text,
    speaker: overlappingSegment(transcript.segments, s)?.speaker ?? null,
    words: deriveWords(s.text, s.start, s.end),
  }));
  return {
    ...transcript,
    language: target,
    segments: translated,
    text: translated.map((s) => s.text).join(' '),
  };
};
