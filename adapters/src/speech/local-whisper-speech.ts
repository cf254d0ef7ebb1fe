import {
  type CancelSignal,
  type ClusterSpeakersOptions,
  type KnownVoice,
  type SpeakerProfiles,
  SpeechInputError,
  type SpeechRecognizer,
  SpeechUnavailableError,
  type SpeechRequest,
  type SpeechTranscript,
  type VoicePrint,
  type VoicePrintRequest,
} from '@scrivo/domain/recordings';
import type { IncomingMessage } from 'node:http';
import { readText, streamingPost } from './streaming-post';
import {
  speakerParams,
  speechQuery,
  toSpeakerProfiles,
  toTranscript,
  voicePrintsHeader,
  type WorkerResult,
} from './worker-transcript';

export interface LocalWhisperSpeechOptions {
  /** e.g. http://127.0.0.1:8765 */
  readonly baseUrl: string;
  /** Shown on transcripts ("local-whisper:base"). */
  readonly model?: string;
  /** SCRIVO_SPEECH_TOKEN of the worker, when it has one. */
  readonly token?: string;
  readonly vad?: boolean;
}

type StreamLine =
  | { type: 'info'; language: string; languageProbability: number; duration: number }
  | { type: 'progress'; progress: number }
  | ({ type: 'result' } & WorkerResult)
  | { type: 'error'; message: string };

/** Socket errors that mean "the worker is not there (now)", as opposed to a refusal of the audio. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
]);

const unavailable = (error: unknown): SpeechUnavailableError | null => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const aborted = error instanceof Error && error.message === 'aborted';
  if (!(code && UNREACHABLE.has(code)) && !aborted) return null;
  return new SpeechUnavailableError(`The speech worker cannot be reached (${code ?? 'connection closed'})`);
};

/**
 * Client of the Python speech worker's `POST /transcribe`: streams the audio up, reads the NDJSON answer
 * line by line and reports progress as segments are decoded. Decoding problems are SpeechInputError (no
 * retry); an unreachable or overloaded worker (connection refused or reset, 502/503/504) is
 * SpeechUnavailableError (the job waits for it); other 5xx answers are plain errors (the job is retried).
 */
export class LocalWhisperSpeech implements SpeechRecognizer {
  readonly name: string;

  constructor(private readonly options: LocalWhisperSpeechOptions) {
    this.name = `local-whisper:${options.model ?? 'base'}`;
  }

  async transcribe(request: SpeechRequest): Promise<SpeechTranscript> {
    const url = `${this.base()}/transcribe?${speechQuery({ ...request, vad: this.options.vad })}`;
    const headers: Record<string, string> = { 'content-type': request.contentType, 'x-wait-for-model': '1' };
    if (request.sizeBytes !== undefined) headers['content-length'] = String(request.sizeBytes);
    if (request.diarize && request.voicePrints?.length)
      headers['x-voice-prints'] = voicePrintsHeader(request.voicePrints);
    const response = await this.post(url, headers, request.audio, request.signal);
    await refuseUnlessOk(response, 'audio');

    // Filled by the stream's handler (a holder: TypeScript does not follow assignments inside the closure).
    const answer: { result: WorkerResult | null } = { result: null };
    let buffered = '';
    const decoder = new TextDecoder();
    const handle = (line: string) => {
      if (!line.trim()) return;
      const event = JSON.parse(line) as StreamLine;
      if (event.type === 'progress') request.onProgress?.(event.progress);
      else if (event.type === 'result') answer.result = event;
      else if (event.type === 'error') {
        if (/decode/i.test(event.message)) throw new SpeechInputError(event.message);
        throw new Error(`Speech worker failed: ${event.message}`);
      }
    };
    try {
      for await (const chunk of response as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          handle(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf('\n');
        }
      }
    } catch (error) {
      // The worker went away mid-answer (stopped, restarted): the whole file is sent again once it is back.
      throw unavailable(error) ?? error;
    }
    handle(buffered + decoder.decode());
    const final = answer.result;
    if (!final) throw new Error('The speech worker stream ended without a result');
    const transcript = toTranscript(final, this.name, { language: request.language });
    // Voice prints only when asked: a transcript that is stored as it is must never carry them.
    const profiles =
      request.diarize && request.speakerProfiles ? toSpeakerProfiles(final.speakerProfiles) : null;
    return profiles ? { ...transcript, speakerProfiles: profiles } : transcript;
  }

  /** `POST /speakers/cluster`: every piece's voice prints clustered together (see the port). */
  async clusterSpeakers(
    pieces: readonly SpeakerProfiles[],
    options: ClusterSpeakersOptions = {},
  ): Promise<Record<string, string>[]> {
    const body = new TextEncoder().encode(
      JSON.stringify({
        pieces,
        ...(options.voices?.length ? { voices: options.voices } : {}),
        ...Object.fromEntries(
          options.speakers ? speakerParams(options.speakers).map(([k, v]) => [k, Number(v)]) : [],
        ),
      }),
    );
    const headers = { 'content-type': 'application/json', 'content-length': String(body.byteLength) };
    const response = await this.post(`${this.base()}/speakers/cluster`, headers, body, options.signal);
    await refuseUnlessOk(response, 'speaker profiles');
    const parsed: unknown = JSON.parse(await readText(response));
    const labels: unknown =
      typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'labels') : null;
    if (!Array.isArray(labels) || labels.length !== pieces.length)
      throw new Error('The speech worker answered speaker clusters that do not fit the pieces');
    return pieces.map((piece, i) => {
      const mapping: unknown = labels[i];
      return Object.fromEntries(
        piece.speakers.map((label) => {
          const wide: unknown =
            typeof mapping === 'object' && mapping !== null ? Reflect.get(mapping, label) : null;
          if (typeof wide !== 'string')
            throw new Error(`The speech worker gave no file-wide label for ${label} of piece ${i + 1}`);
          return [label, wide];
        }),
      );
    });
  }

  /** `POST /speakers/print?spans=...`: the voice print of the person who speaks in the spans (see the port). */
  async voicePrint(request: VoicePrintRequest): Promise<VoicePrint> {
    const spans = request.spans.map(([a, b]) => `${a.toFixed(3)}-${b.toFixed(3)}`).join(',');
    const headers: Record<string, string> = { 'content-type': request.contentType, 'x-wait-for-model': '1' };
    if (request.sizeBytes !== undefined) headers['content-length'] = String(request.sizeBytes);
    const response = await this.post(
      `${this.base()}/speakers/print?spans=${spans}`,
      headers,
      request.audio,
      request.signal,
    );
    await refuseUnlessOk(response, 'audio');
    const parsed: unknown = JSON.parse(await readText(response));
    const embedding: unknown =
      typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'embedding') : null;
    const seconds: unknown =
      typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'seconds') : null;
    if (!isNumbers(embedding) || embedding.length === 0 || typeof seconds !== 'number')
      throw new Error('The speech worker answered a voice print that is not one');
    return { embedding, seconds };
  }

  /** `POST /speakers/name`: which remembered voice each label of one recording is (see the port). */
  async nameSpeakers(
    profiles: SpeakerProfiles,
    voices: readonly KnownVoice[],
    options: { readonly signal?: CancelSignal } = {},
  ): Promise<Record<string, string>> {
    const body = new TextEncoder().encode(JSON.stringify({ profiles, voices }));
    const headers = { 'content-type': 'application/json', 'content-length': String(body.byteLength) };
    const response = await this.post(`${this.base()}/speakers/name`, headers, body, options.signal);
    await refuseUnlessOk(response, 'voices');
    const parsed: unknown = JSON.parse(await readText(response));
    const names: unknown =
      typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'names') : null;
    if (typeof names !== 'object' || names === null)
      throw new Error('The speech worker answered no names for the speakers');
    const ids = new Set(voices.map((v) => v.id));
    // Only labels of this recording and voices that were sent: anything else is not the worker's to invent.
    return Object.fromEntries(
      Object.entries(names).filter(
        (entry): entry is [string, string] =>
          profiles.speakers.includes(entry[0]) && typeof entry[1] === 'string' && ids.has(entry[1]),
      ),
    );
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '');
  }

  private async post(
    url: string,
    headers: Record<string, string>,
    body: Uint8Array | AsyncIterable<Uint8Array>,
    signal: SpeechRequest['signal'],
  ): Promise<IncomingMessage> {
    const all = this.options.token ? { ...headers, authorization: `Bearer ${this.options.token}` } : headers;
    return streamingPost(url, all, body, signal as AbortSignal | undefined).catch((error: unknown) => {
      throw unavailable(error) ?? error;
    });
  }
}

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number' && Number.isFinite(n));

/**
 * A refusal of what was sent is SpeechInputError (no retry); an unreachable or overloaded worker is
 * SpeechUnavailableError; other answers are plain errors.
 */
const refuseUnlessOk = async (response: IncomingMessage, what: string): Promise<void> => {
  const status = response.statusCode ?? 500;
  if (status >= 200 && status < 300) return;
  const text = await readText(response);
  let message = text;
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    // not JSON: keep the text
  }
  if (status === 400 || status === 411 || status === 413 || status === 422)
    throw new SpeechInputError(`The speech engine refused the ${what}: ${message}`);
  if (status === 502 || status === 503 || status === 504)
    throw new SpeechUnavailableError(`Speech worker answered ${status}: ${message}`);
  throw new Error(`Speech worker answered ${status}: ${message}`);
};
