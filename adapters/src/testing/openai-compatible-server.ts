import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server asks its engine for, the request's JSON format settled into one shape. */
export interface EngineRequest {
  readonly messages: readonly { readonly role: string; readonly content: string }[];
  readonly maxTokens: number;
  readonly temperature: number;
  /** A JSON schema from Ollama's `format` or from `response_format: json_schema`; 'json' for any JSON. */
  readonly json: Readonly<Record<string, unknown>> | 'json' | null;
}

/** The engine's way to answer with an HTTP error, as a server does when it is overloaded or fails. */
export class EngineStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface OpenAiCompatibleServerOptions {
  /** The one model it serves: a request for another is a 404, as Ollama answers for a model it has not pulled. */
  readonly model: string;
  /** When set, a request without `Authorization: Bearer <key>` is refused with 401. */
  readonly apiKey?: string;
  /** Writes the answer: the real local model service (`forwardingTo`) or a script. */
  readonly engine: (request: EngineRequest, signal: AbortSignal) => Promise<string>;
  /** A pause between streamed pieces, so a test can see them arrive one by one. */
  readonly pieceDelayMs?: number;
}

export interface OpenAiCompatibleServer {
  /** The base address a client is configured with: `http://127.0.0.1:<port>/v1`, like Ollama's. */
  readonly baseUrl: string;
  /** The raw bodies received, in order (to check what went over the wire). */
  readonly bodies: readonly Record<string, unknown>[];
  /** Requests whose client closed the connection before the answer was written. */
  readonly abandoned: number;
  close(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sendError = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({ error: { message, type: status >= 500 ? 'api_error' : 'invalid_request_error' } }),
  );
};

/** Ollama's OpenAI-compatible route reads a schema from `format` (its native field) or from `response_format`. */
const jsonFormatOf = (body: Record<string, unknown>): EngineRequest['json'] => {
  if (isRecord(body.format)) return body.format;
  if (body.format === 'json') return 'json';
  const format = body.response_format;
  if (!isRecord(format)) return null;
  if (format.type === 'json_object') return 'json';
  if (format.type === 'json_schema' && isRecord(format.json_schema) && isRecord(format.json_schema.schema))
    return format.json_schema.schema;
  return null;
};

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

/**
 * A local server that speaks OpenAI's chat-completions protocol the way Ollama's `/v1/chat/completions` does:
 * bearer key, its JSON-schema `format` field or `response_format`, `stream: true` as server-sent events ending in
 * `data: [DONE]`, errors as `{ error: { message } }`. The answer comes from a real engine behind it, so an adapter
 * pointed here makes the round trip it would make to a self-hosted model. When the client goes away, the engine's
 * request is aborted, as Ollama stops generating.
 */
export const startOpenAiCompatibleServer = async (
  options: OpenAiCompatibleServerOptions,
): Promise<OpenAiCompatibleServer> => {
  const bodies: Record<string, unknown>[] = [];
  let abandoned = 0;
  const server: Server = createServer((req, res) => {
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) {
        abandoned += 1;
        abort.abort();
      }
    });
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return sendError(res, 404, 'not found');
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`)
        return sendError(res, 401, 'unauthorized');
      let body: unknown;
      try {
        body = await readBody(req);
      } catch {
        return sendError(res, 400, 'invalid JSON body');
      }
      if (!isRecord(body) || !Array.isArray(body.messages))
        return sendError(res, 400, 'messages are required');
      bodies.push(body);
      if (body.model !== options.model)
        return sendError(res, 404, `model "${String(body.model)}" not found, try pulling it first`);
      const request: EngineRequest = {
        messages: body.messages
          .filter(isRecord)
          .map((m) => ({ role: String(m.role), content: String(m.content) })),
        maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : 1024,
        temperature: typeof body.temperature === 'number' ? body.temperature : 0.8,
        json: jsonFormatOf(body),
      };
      const created = Math.floor(Date.now() / 1000);
      const id = `chatcmpl-${created.toString(36)}`;
      let text: string;
      try {
        text = await options.engine(request, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return;
        if (error instanceof EngineStatusError) return sendError(res, error.status, error.message);
        return sendError(res, 500, error instanceof Error ? error.message : String(error));
      }
      if (body.stream !== true) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: options.model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: text.length, total_tokens: 1 + text.length },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: options.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      // Word by word, the spaces kept, as a server writes tokens.
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
        if (abort.signal.aborted) return;
        res.write(chunk({ role: 'assistant', content: piece }, null));
        if (options.pieceDelayMs) await new Promise((r) => setTimeout(r, options.pieceDelayMs));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    bodies,
    get abandoned() {
      return abandoned;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * An engine that is the local model service (llm/server.mjs): the request goes on as a plain chat completion with
 * the schema as `response_format`, and aborting it closes that request, which stops the generation there.
 */
export const forwardingTo =
  (serviceUrl: string) =>
  async (request: EngineRequest, signal: AbortSignal): Promise<string> => {
    const json = request.json;
    const response = await fetch(new URL('/v1/chat/completions', serviceUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
        ...(json === 'json'
          ? { response_format: { type: 'json_object' } }
          : json
            ? { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: json } } }
            : {}),
      }),
      signal,
    });
    const answer: unknown = await response.json();
    if (!response.ok) throw new EngineStatusError(response.status, JSON.stringify(answer));
    const choices = isRecord(answer) && Array.isArray(answer.choices) ? answer.choices : [];
    const first: unknown = choices[0];
    const message = isRecord(first) && isRecord(first.message) ? first.message : {};
    return typeof message.content === 'string' ? message.content : '';
  };
