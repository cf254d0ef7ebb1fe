import {
  type Completion,
  type CompletionRequest,
  type LanguageModel,
  LanguageModelRequestError,
  LanguageModelUnavailableError,
} from '@scrivo/domain';
import { createParser } from 'eventsource-parser';
import { Agent, fetch, type Response } from 'undici';
import { abortSignalFor } from './abort-bridge';

/**
 * The service answers only when the whole completion is written, one request at a time: on 2 busy cores a long part
 * (or one queued behind another job's) takes more than fetch's default five minutes before the first header. The
 * job's own cancel and lease bound the wait instead.
 */
const patientAgent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/** The DRY penalty's strength the service applies where a request asks to avoid repetition (node-llama-cpp's advice). */
const DRY_MULTIPLIER = 0.8;

interface ChatCompletionChunk {
  readonly choices?: readonly { readonly delta?: { readonly content?: string | null } }[];
  readonly error?: { readonly message?: string };
}

interface ChatCompletionBody {
  readonly choices?: readonly { readonly message?: { readonly content?: string | null } }[];
  readonly usage?: { readonly prompt_tokens?: number; readonly completion_tokens?: number };
  readonly error?: { readonly message?: string };
}

/**
 * The local model service (llm/server.mjs) over its OpenAI chat-completions route. A JSON schema is sent as
 * `response_format: json_schema`, which the service turns into a grammar, so the answer is valid JSON of that
 * shape by construction.
 */
export class LocalLanguageModel implements LanguageModel {
  readonly name = 'local:qwen2.5-coder-1.5b-instruct';

  constructor(private readonly options: { readonly url: string }) {}

  async complete(request: CompletionRequest): Promise<Completion> {
    const response = await this.post(request, false);
    const body = (await response.json().catch(() => ({}))) as ChatCompletionBody;
    return {
      text: body.choices?.[0]?.message?.content ?? '',
      promptTokens: body.usage?.prompt_tokens ?? 0,
      completionTokens: body.usage?.completion_tokens ?? 0,
    };
  }

  /** The service's OpenAI chunks (`data: {choices:[{delta:{content}}]}` ... `data: [DONE]`), piece by piece. */
  async *stream(request: CompletionRequest): AsyncIterable<string> {
    const response = await this.post(request, true);
    if (!response.body) return;
    const decoder = new TextDecoder();
    const events: string[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event.data) });
    // Leaving the loop (the caller stopped reading, or [DONE]) cancels the body: the service stops generating.
    for await (const bytes of response.body) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      for (let data = events.shift(); data !== undefined; data = events.shift()) {
        if (data === '[DONE]') return;
        const chunk = JSON.parse(data) as ChatCompletionChunk;
        if (chunk.error)
          throw new LanguageModelUnavailableError(
            `The local language model service failed while answering: ${chunk.error.message ?? ''}`.trim(),
          );
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
    }
  }

  /** The request, with the service's refusals and outages as the port's errors. */
  private async post(request: CompletionRequest, stream: boolean): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL('/v1/chat/completions', this.options.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: request.messages,
          max_tokens: request.maxTokens,
          temperature: request.temperature ?? 0,
          // llama.cpp server's name for the DRY ("don't repeat yourself") penalty's strength.
          ...(request.avoidRepetition ? { dry_multiplier: DRY_MULTIPLIER } : {}),
          ...(request.answerLanguage ? { answer_language: request.answerLanguage } : {}),
          ...(stream ? { stream: true } : {}),
          ...(request.jsonSchema
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: { name: 'answer', schema: request.jsonSchema },
                },
              }
            : {}),
        }),
        signal: abortSignalFor(request.signal) ?? null,
        dispatcher: patientAgent,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new LanguageModelUnavailableError('The local language model service cannot be reached.', {
        cause: error,
      });
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as ChatCompletionBody;
    if (response.status === 400)
      throw new LanguageModelRequestError(body.error?.message ?? 'The language model refused the request.');
    throw new LanguageModelUnavailableError(
      `The local language model service answered ${response.status}: ${body.error?.message ?? ''}`.trim(),
    );
  }
}
