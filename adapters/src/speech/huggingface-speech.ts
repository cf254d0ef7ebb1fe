import { InferenceClient } from '@huggingface/inference';
import {
  SpeechInputError,
  SpeechUnavailableError,
  type SpeechRecognizer,
  type SpeechRequest,
  type TranscriptBody,
} from '@scrivo/domain/recordings';
import { speechQuery, toTranscript, type WorkerResult } from './worker-transcript';

export interface HuggingFaceSpeechOptions {
  /** HF_TOKEN; optional for self-hosted endpoints. */
  readonly token?: string;
  /** Hub model for the hosted Inference API (default openai/whisper-large-v3). */
  readonly model?: string;
  /**
   * Any URL that speaks the automatic-speech-recognition protocol (a dedicated Inference Endpoint, or the
   * local worker's /asr). Default: the hosted Inference API for `model`.
   */
  readonly endpointUrl?: string;
}

const collect = async (audio: SpeechRequest['audio']): Promise<Uint8Array> => {
  if (audio instanceof Uint8Array) return audio;
  const parts: Uint8Array[] = [];
  for await (const part of audio) parts.push(part);
  return Buffer.concat(parts);
};

/**
 * Hugging Face automatic speech recognition through `@huggingface/inference`. In raw-audio mode the client
 * sends no `parameters`, so language and task travel in the endpoint URL's query, which the worker's /asr
 * reads (the hosted API ignores it and detects the language). The protocol uploads the whole file in one
 * request: fine for hosted endpoints, which cap the size anyway.
 */
export class HuggingFaceSpeech implements SpeechRecognizer {
  readonly name: string;
  private readonly endpoint: string;

  constructor(private readonly options: HuggingFaceSpeechOptions) {
    const model = options.model ?? 'openai/whisper-large-v3';
    this.endpoint = options.endpointUrl ?? `https://router.huggingface.co/hf-inference/models/${model}`;
    this.name = `huggingface:${options.endpointUrl ? new URL(options.endpointUrl).host : model}`;
  }

  async transcribe(request: SpeechRequest): Promise<TranscriptBody> {
    const url = new URL(this.endpoint);
    for (const [key, value] of new URLSearchParams(speechQuery({ ...request, diarize: false })))
      url.searchParams.set(key, value);
    const bytes = await collect(request.audio);
    const client = new InferenceClient(this.options.token).endpoint(url.toString());
    let output: WorkerResult;
    try {
      output = (await client.automaticSpeechRecognition(
        { data: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: request.contentType }) },
        { signal: request.signal as AbortSignal | undefined },
      )) as WorkerResult;
    } catch (error) {
      const status = (error as { httpResponse?: { status?: number } }).httpResponse?.status;
      if (status === 400 || status === 413 || status === 415 || status === 422)
        throw new SpeechInputError(
          `The speech endpoint refused the audio (${status}): ${(error as Error).message}`,
        );
      // Model loading, rate limits at the gateway, an endpoint scaled to zero: wait for it, do not fail.
      if (status === 502 || status === 503 || status === 504)
        throw new SpeechUnavailableError(`The speech endpoint is unavailable (${status})`);
      throw error;
    }
    request.onProgress?.(1);
    return toTranscript(output, this.name, { language: request.language });
  }
}
