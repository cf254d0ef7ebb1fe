import type { DomainEvent } from '../kernel/events';

/** One transcript segment in the target language: the original's times, so subtitles keep their timing. */
export interface TranslatedSegment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Who translates. `whisper`: the speech engine's own speech-to-English, from the audio. `local`: the local
 * language model (a machine draft). `huggingface`: a hosted translation model (NLLB, Opus-MT).
 */
export const TRANSLATION_ENGINES = ['whisper', 'local', 'huggingface'] as const;
export type TranslationEngine = (typeof TRANSLATION_ENGINES)[number];

// ---- translation stream: `translation-{recordingId}-{target}` (one per recording and target language) ----
export type TranslationRequested = DomainEvent<
  'TranslationRequested',
  {
    recordingId: string;
    ownerId: string;
    jobId: string;
    /** ISO 639-1 codes. */
    source: string;
    target: string;
    engine: TranslationEngine;
    transcriptVersion: number;
    requestedAt: string;
  }
>;
export type TranslationProgressed = DomainEvent<
  'TranslationProgressed',
  { recordingId: string; target: string; jobId: string; progress: number; at: string }
>;
export type TranslationCompleted = DomainEvent<
  'TranslationCompleted',
  {
    recordingId: string;
    target: string;
    jobId: string;
    segments: TranslatedSegment[];
    /** The engine and model that wrote it (shown: "machine draft by ..."). */
    engineName: string;
    transcriptVersion: number;
    completedAt: string;
  }
>;
export type TranslationFailed = DomainEvent<
  'TranslationFailed',
  { recordingId: string; target: string; jobId: string; reason: string; at: string }
>;
export type TranslationCancelled = DomainEvent<
  'TranslationCancelled',
  { recordingId: string; target: string; jobId: string; at: string }
>;

export type TranslationEvent =
  | TranslationRequested
  | TranslationProgressed
  | TranslationCompleted
  | TranslationFailed
  | TranslationCancelled;

export const TRANSLATION_EVENT_TYPES: readonly TranslationEvent['type'][] = [
  'TranslationRequested',
  'TranslationProgressed',
  'TranslationCompleted',
  'TranslationFailed',
  'TranslationCancelled',
];

export const translationStream = (recordingId: string, target: string) =>
  `translation-${recordingId}-${target}`;
