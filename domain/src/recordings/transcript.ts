/** The canonical transcript every speech adapter returns and every export reads. Times are in seconds. */
export interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly probability: number;
}

export interface Segment {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Speaker label when known (diarization), null otherwise. */
  readonly speaker: string | null;
  readonly words: readonly Word[];
  /**
   * ISO 639-1 code of this segment's language when the engine detects it per segment (a recording that switches
   * language); absent on engines that do not, and on transcripts made before it existed.
   */
  readonly language?: string;
  /** 0..1: how sure the engine is of this segment's words (the mean word probability), when it says. */
  readonly confidence?: number;
  /** The engine's words here are likely wrong (mumbling, noise, a guess): the transcript page marks them. */
  readonly lowConfidence?: boolean;
}

/**
 * One stretch of one person's speech (seconds). A speaker's turns never overlap one another, but two speakers'
 * turns may: the diarizer hears up to two voices at once.
 */
export interface SpeakerTurn {
  /** The same label as the segments' `speaker` (renamed with them). */
  readonly speaker: string;
  readonly start: number;
  readonly end: number;
}

export interface TranscriptBody {
  /** ISO 639-1 code. */
  readonly language: string;
  readonly languageProbability: number;
  readonly durationSeconds: number;
  readonly text: string;
  readonly segments: readonly Segment[];
  /**
   * Who speaks when, overlaps included, sorted by start: the diarizer's turns under the segments' labels. Absent
   * when speakers were not labelled, on engines that cannot tell, and on transcripts made before it existed.
   */
  readonly speakerTimeline?: readonly SpeakerTurn[];
  /** Which engine and model produced it, e.g. "local-whisper:base". */
  readonly engine: string;
}

export interface Transcript extends TranscriptBody {
  readonly recordingId: string;
  readonly createdAt: string;
}

/** Joins segment texts the way people read them (Whisper segments carry their own leading spaces). */
export const transcriptText = (segments: readonly Pick<Segment, 'text'>[]): string =>
  segments
    .map((s) => s.text.trim())
    .filter((t) => t.length > 0)
    .join(' ');
