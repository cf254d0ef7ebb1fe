import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { languageName } from '../../../lib/language';

/** What the page shows beside a segment's text, beyond its time and speaker. */
export interface SegmentMarks {
  /** The segment is spoken in another language than the recording's main one ("DE" badge), null otherwise. */
  readonly language: { readonly code: string; readonly name: string } | null;
  /** The engine doubts these words (mumbling, noise): the text is marked and says so on hover. */
  readonly lowConfidence: boolean;
}

export const LOW_CONFIDENCE_TIP = 'low confidence';

/**
 * A badge only where the language changes away from the main one: a recording all in one language shows none,
 * and transcripts made before segments carried a language show none either.
 */
export const segmentMarks = (
  segment: Pick<TranscriptSegment, 'language' | 'lowConfidence'>,
  mainLanguage: string,
): SegmentMarks => {
  const code = segment.language?.toLowerCase();
  const differs = !!code && code !== 'und' && code !== mainLanguage.toLowerCase();
  return {
    language: differs ? { code: code.toUpperCase(), name: languageName(code) ?? code } : null,
    lowConfidence: segment.lowConfidence === true,
  };
};
