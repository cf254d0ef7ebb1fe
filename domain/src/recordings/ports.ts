/** The part of a DOM/Node AbortSignal the domain relies on (the domain does not depend on host types). */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

import type { ProbedMedia } from './events';
import type { TranscriptBody } from './transcript';

export interface SpeechRequest {
  /** The audio (any container the engine decodes; the worker sends 16 kHz mono WAV). */
  readonly audio: Uint8Array | AsyncIterable<Uint8Array>;
  readonly contentType: string;
  readonly sizeBytes?: number;
  /** ISO 639-1 code, or null to detect. */
  readonly language: string | null;
  readonly translate: boolean;
  /** Label who spoke when (segment `speaker`); engines that cannot leave `speaker` null. */
  readonly diarize?: boolean;
  readonly signal?: CancelSignal;
  /** 0..1, as the engine gets through the audio (adapters that cannot tell never call it). */
  readonly onProgress?: (progress: number) => void;
}

/** Speech recognition: one canonical transcript whatever the engine. */
export interface SpeechRecognizer {
  /** Engine and model, e.g. "local-whisper:base"; stored on the transcript. */
  readonly name: string;
  transcribe(request: SpeechRequest): Promise<TranscriptBody>;
}

/**
 * A speech engine refused the input itself (undecodable audio): retrying will not help. Other errors
 * (connection refused, 5xx) are transient and the job is retried.
 */
export class SpeechInputError extends Error {
  override name = 'SpeechInputError';
}

/**
 * The speech engine cannot be reached or is overloaded right now (connection refused or reset, 502/503/504):
 * the audio is fine, so the work waits for the engine instead of spending one of its attempts.
 */
export class SpeechUnavailableError extends Error {
  override name = 'SpeechUnavailableError';
}

/** Why a file cannot be used, in words the user understands; `code` is stable for programs. */
export class MediaRejectedError extends Error {
  override name = 'MediaRejectedError';
  constructor(
    readonly code: 'EMPTY_FILE' | 'UNSUPPORTED_MEDIA' | 'CORRUPT_MEDIA' | 'NO_AUDIO_STREAM' | 'ZERO_LENGTH',
    message: string,
  ) {
    super(message);
  }
}

/** ffprobe/ffmpeg behind a port: reads what a file really is and turns it into what the recogniser wants. */
export interface MediaToolkit {
  /** Throws MediaRejectedError for anything that is not audio or video we can read. */
  probe(path: string): Promise<ProbedMedia>;
  /**
   * Writes 16 kHz mono 16-bit PCM WAV; streams, so memory stays flat for any length. Says how much audio it
   * really decoded: a container's claimed duration (what probe reports) can be a lie.
   */
  normalise(inputPath: string, outputPath: string, options?: NormaliseOptions): Promise<NormalisedAudio>;
}

export interface NormaliseOptions {
  readonly signal?: CancelSignal;
  /** Decode at most this many seconds (what the account can still pay for); the rest is never decoded. */
  readonly maxSeconds?: number;
}

export interface NormalisedAudio {
  /** Seconds of audio written, counted from the PCM samples (never from a header). */
  readonly durationSeconds: number;
  /** maxSeconds was reached: the file holds more audio than was decoded. */
  readonly truncated: boolean;
}
