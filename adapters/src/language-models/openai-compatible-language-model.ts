import {
  type Completion,
  type CompletionRequest,
  type LanguageModel,
  LanguageModelRequestError,
  LanguageModelUnavailableError,
} from '@scrivo/domain';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { Agent, fetch, type Response } from 'undici';
import { abortSignalFor } from './abort-bridge';

/**
 * How a JSON schema reaches the server, since the servers disagree:
 * - `json_schema`: `response_format: { type: 'json_schema', ... }` (OpenAI, vLLM, llama.cpp server, LM Studio);
 * - `ollama`: Ollama's `format` field holding the schema itself;
 * - `json_object`: `response_format: { type: 'json_object' }`, any JSON, the shape described in the prompt;
 * - `none`: the shape described in the prompt only (the caller checks the answer and retries).
 */
export const JSON_MODES = ['json_schema', 'ollama', 'json_object', 'none'] as const;
export type JsonMode = (typeof JSON_MODES)[number];

export interface OpenAiCompatibleLanguageModelOptions {
  /** The API's base address, up to and including its version: http://localhost:11434/v1 for Ollama. */
  readonly baseUrl: string;
  /** The model the server should run (`llama3.2`, `Qwen/Qwen2.5-7B-Instruct`, ...). */
  readonly model: string;
  /** Sent as a bearer token; a secret, so never put in a message or a log. */
  readonly apiKey?: string;
  readonly jsonMode?: JsonMode;
}

/**
 * A model on a CPU may take minutes before its first byte (a long part, or a request queued behind another): the
 * job's own cancel and lease bound the wait instead of fetch's default five minutes.
 */
const patientAgent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/** The error shapes servers answer with: OpenAI's and Ollama's `{ error: { message } }`, vLLM's, FastAPI's. */
interface ErrorBody {
  readonly error?: { readonly message?: string } | string;
  readonly message?: string;
  readonly detail?: string;
}

interface ChatCompletionBody extends ErrorBody {
  readonly choices?: readonly { readonly message?: { readonly content?: string | null } }[];
  readonly usage?: { readonly prompt_tokens?: number; readonly completion_tokens?: number };
}

interface ChatCompletionChunk extends ErrorBody {
  readonly choices?: readonly { readonly delta?: { readonly content?: string | null } }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const messageOf = (body: ErrorBody): string => {
  const text =
    typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message ?? body.detail ?? '');
  return typeof text === 'string' ? text.slice(0, 500) : '';
};

/** A fenced block around the JSON, as models write it when nothing constrains them. */
const FENCED_JSON = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i;

/**
 * Any server that speaks OpenAI's chat-completions protocol: Ollama, llama.cpp's server, vLLM, LM Studio, or a
 * hosted API. `complete` asks for the whole answer; `stream` asks for server-sent events and yields each piece.
 * Network failures, 429 and 5xx say the engine is unavailable (try later); any other 4xx is a refusal of the request
 * itself (a wrong model name or key), which trying again will not fix.
 */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  readonly name: string;
  private readonly endpoint: string;
  private readonly model: string;
  private readonly jsonMode: JsonMode;
  /** A true private field: the key stays out of anything that prints or serialises this object. */
  readonly #apiKey: string | undefined;

  constructor(options: OpenAiCompatibleLanguageModelOptions) {
    this.name = `openai-compatible:${options.model}`;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.model = options.model;
    this.jsonMode = options.jsonMode ?? 'json_schema';
    this.#apiKey = options.apiKey;
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    const response = await this.post(request, false);
    const parsed: unknown = await response.json().catch(() => ({}));
    const body: ChatCompletionBody = isRecord(parsed) ? parsed : {};
    const text = body.choices?.[0]?.message?.content ?? '';
    return {
      text: request.jsonSchema && this.jsonMode === 'none' ? this.unfenced(text) : text,
      promptTokens: body.usage?.prompt_tokens ?? 0,
      completionTokens: body.usage?.completion_tokens ?? 0,
    };
  }

  async *stream(request: CompletionRequest): AsyncIterable<string> {
    const response = await this.post(request, true);
    if (!response.body) throw new LanguageModelUnavailableError(`${this.name} answered with no body.`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
        for (let event = events.shift(); event; event = events.shift()) {
          // Pieces already received when the caller aborted are not handed out: a server that writes faster than
          // the caller reads would otherwise finish the answer after the abort.
          if (request.signal?.aborted) throw new DOMException('The caller stopped the answer.', 'AbortError');
          if (event.data === '[DONE]') return;
          const piece = this.pieceOf(event.data);
          if (piece) yield piece;
        }
      }
    } catch (error) {
      if (request.signal?.aborted || error instanceof LanguageModelUnavailableError) throw error;
      throw new LanguageModelUnavailableError(`${this.name} stopped streaming.`, { cause: error });
    } finally {
      // Also when the caller stops reading early: the request closes, and the server stops writing.
      await reader.cancel().catch(() => undefined);
    }
  }

  /** The text of one streamed chunk; a server that fails after the headers can only say so in the stream. */
  private pieceOf(data: string): string | undefined {
    let chunk: ChatCompletionChunk;
    try {
      const parsed: unknown = JSON.parse(data);
      chunk = isRecord(parsed) ? parsed : {};
    } catch (error) {
      throw new LanguageModelUnavailableError(`${this.name} streamed an event that is not JSON.`, {
        cause: error,
      });
    }
    if (chunk.error !== undefined)
      throw new LanguageModelUnavailableError(`${this.name} failed while writing: ${messageOf(chunk)}`);
    return chunk.choices?.[0]?.delta?.content ?? undefined;
  }

  private async post(request: CompletionRequest, stream: boolean): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(stream ? { accept: 'text/event-stream' } : {}),
          ...(this.#apiKey ? { authorization: `Bearer ${this.#apiKey}` } : {}),
        },
        body: JSON.stringify(this.body(request, stream)),
        signal: abortSignalFor(request.signal) ?? null,
        dispatcher: patientAgent,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new LanguageModelUnavailableError(`${this.name} cannot be reached.`, { cause: error });
    }
    if (response.ok) return response;
    const parsed: unknown = await response.json().catch(() => ({}));
    const detail = messageOf(isRecord(parsed) ? parsed : {});
    const said = `${this.name} answered ${response.status}${detail ? `: ${detail}` : ''}`;
    if (response.status === 429 || response.status >= 500) throw new LanguageModelUnavailableError(said);
    throw new LanguageModelRequestError(
      response.status === 401 || response.status === 403 ? `${said} (check SCRIVO_LLM_API_KEY)` : said,
    );
  }

  private body(request: CompletionRequest, stream: boolean): Record<string, unknown> {
    const schema = request.jsonSchema;
    const describeShape = schema && (this.jsonMode === 'json_object' || this.jsonMode === 'none');
    // Without a server-side schema, the model can only follow the shape it has read: it goes with the instructions
    // (the first system message), since some servers want the user's turn last.
    const shape = describeShape
      ? `Answer with one JSON object, and nothing else, that follows this JSON schema:\n${JSON.stringify(schema)}`
      : '';
    const [first, ...rest] = request.messages;
    const messages =
      !shape || !first
        ? request.messages
        : first.role === 'system'
          ? [{ role: first.role, content: `${first.content}\n\n${shape}` }, ...rest]
          : [{ role: 'system', content: shape }, ...request.messages];
    return {
      model: this.model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      max_tokens: request.maxTokens,
      temperature: request.temperature ?? 0,
      stream,
      ...(schema ? this.formatFor(schema) : {}),
    };
  }

  private formatFor(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
    switch (this.jsonMode) {
      case 'json_schema':
        return { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } } };
      case 'ollama':
        return { format: schema };
      case 'json_object':
        return { response_format: { type: 'json_object' } };
      case 'none':
        return {};
    }
  }

  private unfenced(text: string): string {
    return FENCED_JSON.exec(text)?.[1] ?? text;
  }
}
