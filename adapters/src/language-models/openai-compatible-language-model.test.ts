import { LanguageModelRequestError, LanguageModelUnavailableError } from '@scrivo/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EngineStatusError,
  type EngineRequest,
  forwardingTo,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../testing/openai-compatible-server';
import { languageModelConformance } from './language-model.conformance';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '../testing/language-model-process';
import { JSON_MODES, OpenAiCompatibleLanguageModel } from './openai-compatible-language-model';

const KEY = 'sk-local-test-key-0123456789';
const schema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};
const ask = { messages: [{ role: 'user' as const, content: 'Where is the Eiffel Tower?' }], maxTokens: 30 };
const collect = async (pieces: AsyncIterable<string>): Promise<string[]> => {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
};

describe('bring your own model: an OpenAI-compatible chat endpoint (Ollama-like server, scripted answers)', () => {
  let server: OpenAiCompatibleServer | undefined;
  const serve = async (
    engine: (request: EngineRequest, signal: AbortSignal) => Promise<string>,
    extra: { apiKey?: string; pieceDelayMs?: number } = {},
  ) => {
    server = await startOpenAiCompatibleServer({ model: 'llama3.2', engine, ...extra });
    return server;
  };
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is named for the model users see in labels, never for the address or key', async () => {
    const { baseUrl } = await serve(async () => 'Paris.');
    const model = new OpenAiCompatibleLanguageModel({ baseUrl, model: 'llama3.2', apiKey: KEY });
    expect(model.name).toBe('openai-compatible:llama3.2');
    expect(JSON.stringify(model)).not.toContain(KEY);
  });

  it('asks for the JSON shape the way each kind of server understands it', async () => {
    const seen: EngineRequest[] = [];
    const s = await serve(async (request) => {
      seen.push(request);
      // A model left unconstrained likes to fence its JSON.
      return request.json ? '{"city":"Paris"}' : '```json\n{"city":"Paris"}\n```';
    });
    for (const jsonMode of JSON_MODES) {
      const model = new OpenAiCompatibleLanguageModel({ baseUrl: s.baseUrl, model: 'llama3.2', jsonMode });
      const answer = await model.complete({ ...ask, jsonSchema: schema });
      expect(JSON.parse(answer.text), jsonMode).toEqual({ city: 'Paris' });
    }
    const [jsonSchema, ollama, jsonObject, none] = s.bodies;
    expect(jsonSchema).toMatchObject({
      model: 'llama3.2',
      stream: false,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
    });
    expect(ollama).toMatchObject({ format: schema });
    expect(ollama).not.toHaveProperty('response_format');
    expect(jsonObject).toMatchObject({ response_format: { type: 'json_object' } });
    expect(none).not.toHaveProperty('response_format');
    expect(none).not.toHaveProperty('format');
    // Where the server does not hold the schema, the model reads it in its instructions.
    expect(seen[0]!.messages).toEqual(ask.messages);
    for (const unconstrained of [seen[2]!, seen[3]!])
      expect(unconstrained.messages[0]).toMatchObject({
        role: 'system',
        content: expect.stringContaining('"city"'),
      });
    expect(seen.map((r) => r.json)).toEqual([schema, schema, 'json', null]);
  });

  it('streams the answer piece by piece, in order, while it is being written', async () => {
    const s = await serve(async () => 'The Eiffel Tower is in Paris, France.', { pieceDelayMs: 150 });
    const model = new OpenAiCompatibleLanguageModel({ baseUrl: s.baseUrl, model: 'llama3.2' });
    const started = Date.now();
    const arrivals: number[] = [];
    const pieces: string[] = [];
    for await (const piece of model.stream(ask)) {
      pieces.push(piece);
      arrivals.push(Date.now() - started);
    }
    expect(pieces.join('')).toBe('The Eiffel Tower is in Paris, France.');
    expect(pieces.length).toBe(7);
    // The first words are there long before the last ones are written.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(600);
    expect(s.bodies[0]).toMatchObject({ stream: true });
    expect((await model.complete(ask)).text).toBe(pieces.join(''));
  });

  it('stops streaming when the caller aborts, and the server hears the request close', async () => {
    const s = await serve(async () => 'one two three four five six seven eight nine ten', {
      pieceDelayMs: 200,
    });
    const model = new OpenAiCompatibleLanguageModel({ baseUrl: s.baseUrl, model: 'llama3.2' });
    const abort = new AbortController();
    const pieces: string[] = [];
    await expect(
      (async () => {
        for await (const piece of model.stream({ ...ask, signal: abort.signal })) {
          pieces.push(piece);
          if (pieces.length === 2) abort.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(pieces).toEqual(['one ', 'two ']);
    await expect.poll(() => s.abandoned).toBe(1);
  });

  it('sends the key as a bearer token, and a wrong or missing key is a refusal that never repeats the key', async () => {
    const s = await serve(async () => 'Paris.', { apiKey: KEY });
    const right = new OpenAiCompatibleLanguageModel({ baseUrl: s.baseUrl, model: 'llama3.2', apiKey: KEY });
    expect((await right.complete(ask)).text).toBe('Paris.');
    expect(await collect(right.stream(ask))).toEqual(['Paris.']);
    for (const apiKey of [undefined, `${KEY}-wrong`]) {
      const wrong = new OpenAiCompatibleLanguageModel({
        baseUrl: s.baseUrl,
        model: 'llama3.2',
        ...(apiKey ? { apiKey } : {}),
      });
      const refused = await wrong.complete(ask).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(LanguageModelRequestError);
      expect(String(refused)).toMatch(/401.*SCRIVO_LLM_API_KEY/);
      expect(String(refused)).not.toContain(KEY);
      await expect(collect(wrong.stream(ask))).rejects.toBeInstanceOf(LanguageModelRequestError);
    }
  });

  it('says which model the server does not have (a refusal: trying again will not help)', async () => {
    const s = await serve(async () => 'Paris.');
    const model = new OpenAiCompatibleLanguageModel({ baseUrl: s.baseUrl, model: 'llama9' });
    await expect(model.complete(ask)).rejects.toThrow(
      new LanguageModelRequestError(
        'openai-compatible:llama9 answered 404: model "llama9" not found, try pulling it first',
      ),
    );
  });

  it('says the engine is unavailable (worth trying later) when it is overloaded or failing', async () => {
    for (const status of [429, 500, 503]) {
      const s = await serve(async () => {
        throw new EngineStatusError(status, 'busy');
      });
      const model = new OpenAiCompatibleLanguageModel({ baseUrl: s.baseUrl, model: 'llama3.2' });
      await expect(model.complete(ask)).rejects.toBeInstanceOf(LanguageModelUnavailableError);
      await expect(collect(model.stream(ask))).rejects.toBeInstanceOf(LanguageModelUnavailableError);
      await s.close();
      server = undefined;
    }
    const gone = new OpenAiCompatibleLanguageModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'llama3.2' });
    await expect(collect(gone.stream(ask))).rejects.toBeInstanceOf(LanguageModelUnavailableError);
  });
});

/**
 * The port's conformance suite through the adapter against the real local model behind the Ollama-like server (a
 * key configured, the schema in Ollama's `format`), so every answer is one a model really wrote. Once: each answer
 * takes tens of seconds here, and what differs between the JSON modes is what goes over the wire (above).
 */
describe.skipIf(!languageModelInstalled())(
  'bring your own model: the real local model behind the server',
  () => {
    let service: LanguageModelProcess;
    let server: OpenAiCompatibleServer;
    beforeAll(async () => {
      service = await startLanguageModel();
      server = await startOpenAiCompatibleServer({
        model: 'qwen2.5-coder:1.5b',
        apiKey: KEY,
        engine: forwardingTo(service.url),
      });
    }, 180_000);
    afterAll(async () => {
      await server?.close();
      await service?.stop();
    });

    languageModelConformance('openai-compatible, JSON mode ollama (Ollama-like server, local model)', {
      model: () =>
        new OpenAiCompatibleLanguageModel({
          baseUrl: server.baseUrl,
          model: 'qwen2.5-coder:1.5b',
          apiKey: KEY,
          jsonMode: 'ollama',
        }),
      unreachable: () =>
        new OpenAiCompatibleLanguageModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'qwen2.5-coder:1.5b' }),
    });
  },
);
