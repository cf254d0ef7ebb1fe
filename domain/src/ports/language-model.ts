import type { CancelSignal } from '../recordings/ports';

/**
 * An instruction-following language model, as summaries and machine-draft translations use it: a chat turn in,
 * text out. Adapters: the local model service (llm/, node-llama-cpp on the CPU), Hugging Face chat completion, and
 * any OpenAI-compatible chat endpoint (Ollama, llama.cpp server, vLLM, LM Studio).
 */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface CompletionRequest {
  readonly messages: readonly ChatMessage[];
  readonly maxTokens: number;
  /**
   * A JSON schema the answer must follow. Engines that can constrain generation do; the caller parses and
   * checks the answer either way.
   */
  readonly jsonSchema?: Readonly<Record<string, unknown>>;
  /** 0 (the default) always gives the same answer; a retry asks for a little more to get another one. */
  readonly temperature?: number;
  /**
   * Damp the answer repeating its own phrases (a small model's loop: one clause written until the length runs
   * out). Engines that can (the local service: a DRY penalty) do; others ignore it.
   */
  readonly avoidRepetition?: boolean;
  /**
   * The language the answer is written in (ISO 639-1). Engines that can (the local service: a grammar) keep out
   * letters of writing systems that language does not use and the messages do not hold: a small model reading
   * English can slip into Chinese mid-sentence. Others ignore it.
   */
  readonly answerLanguage?: string;
  readonly signal?: CancelSignal;
}

export interface Completion {
  readonly text: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface LanguageModel {
  /** The engine and model, for logs and for the labels users see ("machine draft by ..."). */
  readonly name: string;
  complete(request: CompletionRequest): Promise<Completion>;
  /** The answer's text as it is written, piece by piece in order; the same request as `complete`. */
  stream(request: CompletionRequest): AsyncIterable<string>;
}

/** The engine cannot be reached or failed on its side: worth trying again later. */
export class LanguageModelUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LanguageModelUnavailableError';
  }
}

/** The engine refused the request itself (too long, malformed): trying again will not help. */
export class LanguageModelRequestError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LanguageModelRequestError';
  }
}
