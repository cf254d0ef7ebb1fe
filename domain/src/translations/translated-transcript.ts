import type { TranscriptBody } from '../recordings/transcript';
import { deriveWords } from '../recordings/transcript-edit';
import type { TranslatedSegment } from './events';

/**
 * The transcript in another language: every segment keeps its times and speaker, with the translated text and
 * words spread over the segment's span, so subtitles and every other export work on it as on the original.
 */
export const translatedTranscript = <T extends TranscriptBody>(
  transcript: T,
  segments: readonly TranslatedSegment[],
  target: string,
): T => {
  const translatedSegments = transcript.segments.map((segment, i) => {
    const text = segments[i]?.text ?? segment.text;
    return { ...segment, text, words: deriveWords(text, segment.start, segment.end) };
  });
  return {
    ...transcript,
    language: target,
    segments: translatedSegments,
    text: translatedSegments.map((s) => s.text).join(' '),
  };
};
