/** The part of a DOM/Node AbortSignal the domain relies on (the domain does not depend on host types). */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

import type { ProbedMedia, SpeakerCount } from './events';
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
  /** With `diarize`: how many people speak, when the uploader said; otherwise estimated. */
  readonly speakers?: SpeakerCount | null;
  /**
   * Names and terms to listen for (Whisper's hotwords) and a line of context (its initial prompt); engines that
   * cannot take them ignore them.
   */
  readonly vocabulary?: { readonly hotwords: readonly string[]; readonly prompt: string | null } | null;
  /**
   * With `diarize`: also answer the voice prints behind the labels (`SpeechTranscript.speakerProfiles`), so the
   * speakers of several pieces of one file can be clustered together. Off by default: without it no voice print
   * leaves the engine.
   */
  readonly speakerProfiles?: boolean;
  /**
   * With `diarize`: the voice prints of the people the owner remembers, given to the engine's clustering of the
   * speakers so that a remembered person is not merged with someone else under one label (naming them is still
   * `nameSpeakers`'). Engines that cannot use them ignore them.
   */
  readonly voicePrints?: readonly (readonly number[])[];
  readonly signal?: CancelSignal;
  /** 0..1, as the engine gets through the audio (adapters that cannot tell never call it). */
  readonly onProgress?: (progress: number) => void;
}

/**
 * The voice prints of one transcribed piece of a longer recording: what the caller needs to cluster the speakers of
 * every piece together (not piece by piece), so one person keeps one label across the whole file.
 *
 * Voice prints are biometric personal data: keep them in the blob store only, never in events, read models or the
 * stored transcript, and delete them with the recording.
 */
export interface SpeakerProfiles {
  /** The piece's own speaker labels (segment `speaker`), in order of first appearance in the piece. */
  readonly speakers: readonly string[];
  /** One per segmentation track (one voice in one ~10 s window) with enough clean speech to embed. */
  readonly tracks: readonly SpeakerTrack[];
  /** Pairs of indexes into `tracks` heard at the same time: two people, whatever their voices look like. */
  readonly cannotLink: readonly (readonly [number, number])[];
}

export interface SpeakerTrack {
  /** The piece's label this track was given (one of `SpeakerProfiles.speakers`). */
  readonly speaker: string;
  /** Unit-length voice embedding (the engine's own kind: only comparable with the same engine's). */
  readonly embedding: readonly number[];
  /** Seconds of speech with this voice alone behind the embedding. */
  readonly seconds: number;
}

/** What `transcribe` answers: the canonical transcript, plus the voice prints when they were asked for. */
export interface SpeechTranscript extends TranscriptBody {
  /** Only when `SpeechRequest.speakerProfiles` was asked and the engine can; never store it with the transcript. */
  readonly speakerProfiles?: SpeakerProfiles;
}

export interface ClusterSpeakersOptions {
  /** The number of people (exact, or a range) when the uploader said; otherwise estimated. */
  readonly speakers?: SpeakerCount | null;
  /** The remembered voices, anchors of the clustering as `SpeechRequest.voicePrints` are. */
  readonly voices?: readonly KnownVoice[];
  readonly signal?: CancelSignal;
}

/** One person's speech in a recording, to make their voice print from (remembered voices). */
export interface VoicePrintRequest {
  /** The recording's audio (the worker sends 16 kHz mono WAV). */
  readonly audio: Uint8Array | AsyncIterable<Uint8Array>;
  readonly contentType: string;
  readonly sizeBytes?: number;
  /** Where the person speaks, [start, end] in seconds of `audio`, in time order. */
  readonly spans: readonly (readonly [number, number])[];
  readonly signal?: CancelSignal;
}

/** A voice print: biometric data, to be sealed with its owner's key wherever it is kept. */
export interface VoicePrint {
  /** Unit-length embedding, comparable with the same engine's `SpeakerTrack.embedding` only. */
  readonly embedding: readonly number[];
  /** Seconds of speech behind it. */
  readonly seconds: number;
}

/** A remembered voice as the engine is given it to name a recording's speakers. */
export interface KnownVoice {
  readonly id: string;
  readonly embedding: readonly number[];
}

/** Speech recognition: one canonical transcript whatever the engine. */
export interface SpeechRecognizer {
  /** Engine and model, e.g. "local-whisper:base"; stored on the transcript. */
  readonly name: string;
  transcribe(request: SpeechRequest): Promise<SpeechTranscript>;
  /**
   * Clusters the speakers of every piece of one file together. Answers, per piece (same order), a map from each of
   * its labels to a file-wide label ("Speaker 1", "Speaker 2"... in order of first appearance in the file, pieces
   * being in file order). Engines without voice prints leave it out.
   */
  clusterSpeakers?(
    pieces: readonly SpeakerProfiles[],
    options?: ClusterSpeakersOptions,
  ): Promise<Record<string, string>[]>;
  /**
   * The voice print of the person who speaks in `spans` of the audio. SpeechInputError when there is too little
   * speech there to make one. Engines without voice prints leave it out.
   */
  voicePrint?(request: VoicePrintRequest): Promise<VoicePrint>;
  /**
   * Which of `voices` each of one recording's labels is (label -> voice id), for the labels that are one of them:
   * a label gets one voice at most, a voice one label at most, and a voice not heard in the recording none.
   */
  nameSpeakers?(
    profiles: SpeakerProfiles,
    voices: readonly KnownVoice[],
    options?: { readonly signal?: CancelSignal },
  ): Promise<Record<string, string>>;
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
