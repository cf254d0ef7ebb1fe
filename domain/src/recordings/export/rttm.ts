import { timelineFromSegments } from '../speaker-timeline';
import type { SpeakerTurn, TranscriptBody } from '../transcript';

export interface RttmOptions {
  /** Speaker names as written; without them each person is `Speaker_N` in order of first appearance. */
  readonly speakers: boolean;
}

/** RTTM fields are separated by spaces, so a name or file id keeps its words joined by underscores. */
const field = (text: string) => text.trim().replace(/\s+/g, '_') || 'unknown';

const seconds = (n: number) => (Math.round(n * 1000) / 1000).toFixed(3);

/**
 * Who speaks when as NIST RTTM (`SPEAKER <file> 1 <start> <duration> <NA> <NA> <speaker> <NA> <NA>`), the format
 * diarization scorers (md-eval, pyannote.metrics, dscore) read: the speaker timeline, overlaps included; a
 * transcript without one (made before it existed, or without speaker labels) gives its lines' speakers, and lines
 * without a speaker are `unknown`.
 */
export const toRttm = (
  transcript: Pick<TranscriptBody, 'segments' | 'speakerTimeline'>,
  fileId: string,
  options: RttmOptions = { speakers: true },
): string => {
  const turns: readonly SpeakerTurn[] =
    transcript.speakerTimeline ??
    timelineFromSegments(
      transcript.segments.map((s) => (s.speaker === null ? { ...s, speaker: 'unknown' } : s)),
    );
  const anonymous = new Map<string, string>();
  const name = (speaker: string) => {
    if (options.speakers) return field(speaker);
    if (!anonymous.has(speaker)) anonymous.set(speaker, `Speaker_${anonymous.size + 1}`);
    return anonymous.get(speaker)!;
  };
  const file = field(fileId);
  return turns
    .map(
      (t) =>
        `SPEAKER ${file} 1 ${seconds(t.start)} ${seconds(t.end - t.start)} <NA> <NA> ${name(t.speaker)} <NA> <NA>\n`,
    )
    .join('');
};
