import { InferenceClient } from '@huggingface/inference';
import {
  type Completion,
  type CompletionRequest,
  type LanguageModel,
  LanguageModelRequestError,
  LanguageModelUnavailableError,
} from '@scrivo/domain';
import { abortSignalFor } from './abort-bridge';

export interface HuggingFaceLanguageModelOptions {
  /** HF_TOKEN; optional for self-hosted endpoints. */
  readonly token?: string;
  /** Hub model for the hosted router (default Qwen/Qwen2.5-7B-Instruct). */
  readonly model?: string;
  /** Any server that speaks the chat-completions protocol (an Inference Endpoint, TGI, vLLM, llm/server.mjs). */
  readonly endpointUrl?: string;
}

const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null || !('httpResponse' in error)) return undefined;
  const response = error.httpResponse;
  return typeof response === 'object' &&
    response !== null &&
    'status' in response &&
    typeof response.status === 'number'
    ? response.status
    : undefined;
};

/**
 * Chat completion through `@huggingface/inference`, against the hosted router or any endpoint that speaks the
 * protocol. A JSON schema goes as `response_format` (servers that support it constrain generation; the caller
 * checks the answer either way).
 */
export class HuggingFaceLanguageModel implements LanguageModel {
  readonly name: string;
  private readonly model: string;

  constructor(private readonly options: HuggingFaceLanguageModelOptions) {
    this.model = options.model ?? 'Qwen/Qwen2.5-7B-Instruct';
    this.name = `huggingface:${options.endpointUrl ? new URL(options.endpointUrl).host : this.model}`;
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    try {
      const output = await this.target().chatCompletion(this.input(request), {
        signal: abortSignalFor(request.signal),
      });
      return {
        text: output.choices[0]?.message.content ?? '',
        promptTokens: output.usage?.prompt_tokens ?? 0,
        completionTokens: output.usage?.completion_tokens ?? 0,
      };
    } catch (error) {
      throw this.failure(request, error);
    }
  }

  /** The client's own streaming call (`stream: true`, OpenAI chunks), piece by piece. */
  async *stream(request: CompletionRequest): AsyncIterable<string> {
    try {
      for await (const chunk of this.target().chatCompletionStream(this.input(request), {
        signal: abortSignalFor(request.signal),
      })) {
        const text = chunk.choices[0]?.delta.content;
        if (text) yield text;
      }
    } catch (error) {
      throw this.failure(request, error);
    }
  }

  private target() {
    const client = new InferenceClient(this.options.token);
    return this.options.endpointUrl ? client.endpoint(this.options.endpointUrl) : client;
  }

  private input(request: CompletionRequest) {
    return {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      max_tokens: request.maxTokens,
      temperature: request.temperature ?? 0,
      ...(request.jsonSchema
        ? {
            response_format: {
              type: 'json_schema' as const,
              json_schema: { name: 'answer', schema: request.jsonSchema },
            },
          }
        : {}),
    };
  }

  /** The client's error as the port's: a refusal is final, anything else worth trying again. */
  private failure(request: CompletionRequest, error: unknown): unknown {
    if (request.signal?.aborted) return error;
    const status = statusOf(error);
    if (status === 400 || status === 413 || status === 422)
      return new LanguageModelRequestError('The language model refused the request.', { cause: error });
    return new LanguageModelUnavailableError(
      `Hugging Face chat completion failed${status ? ` (${status})` : ''}.`,
      { cause: error },
    );
  }
}
