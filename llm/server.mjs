// @ts-check
/**
 * The local language model for summaries and machine-draft translations: node-llama-cpp on the CPU behind the
 * OpenAI chat-completions protocol (POST /v1/chat/completions, GET /health) on loopback. Speaking the protocol that
 * hosted servers speak lets the API use one client shape for the local model and for Hugging Face endpoints, and
 * keeps the 1.9 GB model out of the API process. One generation at a time (2 cores hold one); others queue.
 *
 * Settings: SCRIVO_LLM_MODEL (the GGUF path; default the file llm/scripts/fetch-model.py writes),
 * SCRIVO_LLM_HOST (127.0.0.1), SCRIVO_LLM_PORT (8766), SCRIVO_LLM_THREADS (2), SCRIVO_LLM_CONTEXT (8192),
 * SCRIVO_LLM_BATCH (128: the prompt tokens read between two chances to cancel), SCRIVO_BACKGROUND_NICE (10: the
 * niceness it runs at, below the API; 0: off).
 */
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { getPriority, homedir, setPriority } from 'node:os';
import { join } from 'node:path';
import { getLlama, LlamaChatSession } from 'node-llama-cpp';
import { rangesKeptOut, textKeptFrom, withStringsKeptFrom } from './writing-systems.mjs';

/**
 * Generation holds every core it is given: on a machine shared with the API, the people reading their transcripts
 * must come first, so this process runs at a lower priority, before the model's threads start (they inherit it).
 * On Linux a niceness belongs to each thread: the threads Node started already are set one by one. Never raised
 * back (a process started under `nice` keeps its level), and a refusal is no reason not to serve.
 */
const lowerPriority = (/** @type {number} */ niceness) => {
  try {
    if (getPriority(process.pid) >= niceness) return getPriority(process.pid);
    setPriority(process.pid, niceness);
    const threads = process.platform === 'linux' ? readdirSync(`/proc/${process.pid}/task`).map(Number) : [];
    for (const thread of threads) if (getPriority(thread) < niceness) setPriority(thread, niceness);
  } catch {
    // Left as it is.
  }
  return getPriority(process.pid);
};
const niceness = Number(process.env.SCRIVO_BACKGROUND_NICE ?? 10);
if (!Number.isInteger(niceness) || niceness < 0 || niceness > 19)
  throw new Error(`SCRIVO_BACKGROUND_NICE must be 0 to 19, got ${process.env.SCRIVO_BACKGROUND_NICE}`);
const runsAt = lowerPriority(niceness);

const MODEL_NAME = 'qwen2.5-coder-1.5b-instruct-q4_k_m';
const modelPath =
  process.env.SCRIVO_LLM_MODEL ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'scrivo', 'models', `${MODEL_NAME}.gguf`);
const host = process.env.SCRIVO_LLM_HOST ?? '127.0.0.1';
const port = Number(process.env.SCRIVO_LLM_PORT ?? 8766);
const threads = Number(process.env.SCRIVO_LLM_THREADS ?? 2);
const contextSize = Number(process.env.SCRIVO_LLM_CONTEXT ?? 8192);
const MAX_BODY_BYTES = 2 * 1024 * 1024;

const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' });
// Read into memory rather than mapped: llama.cpp repacks the Q4_K weights for the CPU's vector units, and a mapped
// file kept its pages resident beside the repacked copy (peak 2.24 GB against 1.64 GB read, measured in bench/README).
const model = await llama.loadModel({ modelPath, useMmap: false });
// Flash attention never builds the full attention matrix of a long prompt: less memory (1.62 GB peak against 1.64 GB)
// and, on this CPU, no slower.
// A prompt is read in batches, and a cancelled request can only let go between two of them: at the default 512
// tokens (about 10 s at 50 tokens a second on 2 cores, longer on a busy machine) the next request waited out the rest
// of the batch. 128 lets go within about 2.5 s and reads 6 % slower (1,310 tokens: 75.9 tokens/s against 80.5).
const batchSize = Number(process.env.SCRIVO_LLM_BATCH ?? 128);
const context = await model.createContext({
  contextSize,
  threads,
  sequences: 1,
  flashAttention: true,
  batchSize,
});

/** @type {Promise<unknown>} */
let queue = Promise.resolve();
/** @template T @param {() => Promise<T>} work @returns {Promise<T>} */
const oneAtATime = (work) => {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
};

/**
 * @typedef {{ role: 'system' | 'user' | 'assistant', content: string }} Message
 * @typedef {{ messages: Message[], max_tokens?: number, temperature?: number, seed?: number, stream?: boolean,
 *   dry_multiplier?: number, dry_base?: number, dry_allowed_length?: number, answer_language?: string,
 *   response_format?: { type: 'text' } | { type: 'json_object' } | { type: 'json_schema', json_schema: { schema: object } } }} ChatRequest
 */

/** @param {unknown} body @returns {ChatRequest} */
const parseRequest = (body) => {
  if (typeof body !== 'object' || body === null) throw new RequestError('The body must be a JSON object.');
  const { messages } = /** @type {{ messages?: unknown }} */ (body);
  if (!Array.isArray(messages) || messages.length === 0)
    throw new RequestError('`messages` must be a non-empty array.');
  for (const m of messages) {
    if (!m || !['system', 'user', 'assistant'].includes(m.role) || typeof m.content !== 'string')
      throw new RequestError('Each message needs a role (system, user or assistant) and a string content.');
  }
  if (messages.at(-1).role !== 'user') throw new RequestError('The last message must be the user’s.');
  const { answer_language: language } = /** @type {{ answer_language?: unknown }} */ (body);
  if (
    language !== undefined &&
    (typeof language !== 'string' || !/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/.test(language))
  )
    throw new RequestError('`answer_language` must be a language code such as "en" or "zh-TW".');
  return /** @type {ChatRequest} */ (body);
};

class RequestError extends Error {}

/**
 * The last questions as the model read them (with the shape added). A client that asks about the same text again
 * repeats the earlier question in its history without what the service added; read back as it was read, the
 * history matches the tokens already evaluated, and only the new question is read.
 * @type {Map<string, string>}
 */
const asRead = new Map();
/** @param {string} question @param {string} read */
const remember = (question, read) => {
  asRead.delete(question);
  asRead.set(question, read);
  for (const key of asRead.keys()) {
    if (asRead.size <= 8) break;
    asRead.delete(key);
  }
};

/**
 * A JSON schema as a one-line example (`{"text": string, "at": number}`): a tenth of the tokens of the schema
 * itself, which a 2-core machine reads at about 50 tokens a second.
 * @param {any} schema
 * @returns {string}
 */
const exampleOf = (schema) => {
  if (schema?.type === 'object' && schema.properties)
    return `{${Object.entries(schema.properties)
      .map(([key, value]) => `"${key}": ${exampleOf(value)}`)
      .join(', ')}}`;
  if (schema?.type === 'array') return `[${exampleOf(schema.items)}, ...]`;
  if (Array.isArray(schema?.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  return typeof schema?.type === 'string' ? schema.type : 'value';
};

/**
 * The grammar of a JSON schema without line breaks or indentation. node-llama-cpp's own JSON-schema grammar lets the
 * model indent its answer, and a line break with its indentation is a token written like any other: about one in
 * seven of a summary's answer. Its grammar builder takes the option but is not exported, so it is loaded from its
 * file (node-llama-cpp is pinned: llm/package.json).
 * @param {object} schema @param {readonly string[]} keptOut character ranges its strings may not hold
 */
const compactJsonGrammar = async (schema, keptOut) => {
  const { getGbnfGrammarForGbnfJsonSchema } = await import(
    new URL(
      './node_modules/node-llama-cpp/dist/utils/gbnfJson/getGbnfGrammarForGbnfJsonSchema.js',
      import.meta.url,
    ).href
  );
  return llama.createGrammar({
    grammar: withStringsKeptFrom(
      getGbnfGrammarForGbnfJsonSchema(schema, { allowNewLines: false, scopePadSpaces: 0 }),
      keptOut,
    ),
    trimWhitespaceSuffix: true,
  });
};

/**
 * One sequence for the life of the service, never disposed between requests: node-llama-cpp compares each new
 * prompt with the tokens already evaluated in it and evaluates only from the first difference. A client that asks
 * several questions about the same text (the summarizer asks two about each part, the second request repeating
 * the first with its answer) pays for reading the text once. Reading is the cost here: about 50 prompt tokens a
 * second on 2 cores against 20 written (bench/README.md, "Summaries people wait for").
 */
const sequence = context.getSequence();

/**
 * Reads the prompt into the sequence one batch at a time and looks at the signal between batches. node-llama-cpp
 * reads a whole prompt in one call that no signal stops, so a request cancelled while its text was being read (most
 * of a summary's time) held the model to the end of it: a 2,000-token part is 40 s. What is read here is exactly what
 * the prompt would read (the session's own chat wrapper over the same history), so the prompt then finds it in the
 * sequence and reads only the last token. The prompt renders the history once more: LlamaChatSession.prompt takes
 * no rendered tokens, and its own rendering (which ends on the user's text, not an empty answer) is the library's
 * to keep in step with its chat wrapper, so it is not replaced here.
 * @param {LlamaChatSession} session @param {import('node-llama-cpp').ChatHistoryItem[]} history
 * @param {AbortSignal} signal
 */
const readAhead = async (session, history, signal) => {
  const { contextText } = session.chatWrapper.generateContextState({
    chatHistory: [...history, { type: 'model', response: [] }],
  });
  const tokens = contextText.tokenize(model.tokenizer);
  const { firstDifferentIndex } = sequence.compareContextTokens(tokens);
  if (firstDifferentIndex < sequence.nextTokenIndex)
    await sequence.eraseContextTokenRanges([{ start: firstDifferentIndex, end: sequence.nextTokenIndex }]);
  // The last token is the prompt's own to read: it must decode at least one to answer.
  for (let at = firstDifferentIndex; at < tokens.length - 1; at += batchSize) {
    if (signal.aborted)
      console.log(
        `[llm] cancelled while reading the prompt: ${at - firstDifferentIndex} of ${tokens.length - 1 - firstDifferentIndex} tokens read`,
      );
    signal.throwIfAborted();
    await sequence.evaluateWithoutGeneratingNewTokens(
      tokens.slice(at, Math.min(at + batchSize, tokens.length - 1)),
    );
  }
  signal.throwIfAborted();
};

/**
 * @param {ChatRequest} request @param {AbortSignal} signal
 * @param {((text: string) => void)=} onText each piece of the answer as it is written (streaming)
 */
const complete = async (request, signal, onText) => {
  const format = request.response_format;
  // A small model fills a grammar-forced shape far better when it has also read the shape: a short example of it
  // goes after the last question (the grammar holds the rest: lengths, counts), not into the system prompt, so what
  // comes before stays the same from one question to the next and is read once.
  const shape =
    format?.type === 'json_schema'
      ? `\n\nAnswer with one JSON object of this shape: ${exampleOf(format.json_schema.schema)}`
      : '';
  const system = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const turns = request.messages.filter((m) => m.role !== 'system');
  const session = new LlamaChatSession({
    contextSequence: sequence,
    systemPrompt: system || undefined,
    autoDisposeSequence: false,
  });
  try {
    const history = session.getChatHistory();
    for (const turn of turns.slice(0, -1))
      history.push(
        turn.role === 'user'
          ? { type: 'user', text: asRead.get(turn.content) ?? turn.content }
          : { type: 'model', response: [turn.content] },
      );
    session.setChatHistory(history);
    const keptOut = request.answer_language
      ? rangesKeptOut(
          request.answer_language,
          request.messages.map((m) => m.content),
        )
      : [];
    const grammar =
      format?.type === 'json_schema'
        ? await compactJsonGrammar(format.json_schema.schema, keptOut)
        : format?.type === 'json_object'
          ? await llama.getGrammarFor('json')
          : keptOut.length > 0
            ? await llama.createGrammar({ grammar: textKeptFrom(keptOut) })
            : undefined;
    const before = sequence.tokenMeter.getState();
    const question = turns.at(-1)?.content ?? '';
    remember(question, `${question}${shape}`);
    await readAhead(session, [...history, { type: 'user', text: `${question}${shape}` }], signal);
    const text = await session.prompt(`${question}${shape}`, {
      maxTokens: request.max_tokens ?? 1024,
      temperature: request.temperature ?? 0,
      seed: request.seed,
      grammar,
      ...dryPenalty(request),
      signal,
      stopOnAbortSignal: false,
      ...(onText ? { onTextChunk: onText } : {}),
    });
    const usage = sequence.tokenMeter.diff(before);
    return { text, promptTokens: usage.usedInputTokens, completionTokens: usage.usedOutputTokens };
  } finally {
    session.dispose({ disposeSequence: false });
  }
};

/**
 * The DRY ("don't repeat yourself") penalty, asked for with llama.cpp server's fields: a 1.5B model reading disfluent
 * talk can write one clause over and over until the answer's length runs out (issue 41); DRY makes each token that
 * would carry on a sequence already written (longer than `dry_allowed_length` tokens) less likely, more so the longer
 * the repeat. node-llama-cpp's sampler sees only the tokens written, not the prompt: copying the transcript's words
 * costs nothing. The JSON's quotes and colons break sequences, so its keys and punctuation are never penalised.
 * @param {ChatRequest} request
 */
const dryPenalty = (request) =>
  typeof request.dry_multiplier === 'number' && request.dry_multiplier > 0
    ? {
        dryRepeatPenalty: {
          strength: Math.min(request.dry_multiplier, 1),
          base: request.dry_base ?? 1.75,
          allowedLength: request.dry_allowed_length ?? 2,
          sequenceBreakers: ['\n', ':', '"', '*', ',', '.'],
        },
      }
    : {};

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** @param {import('node:http').IncomingMessage} req @returns {Promise<unknown>} */
const readJson = async (req) => {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new RequestError('The request is too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RequestError('The body is not valid JSON.');
  }
};

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'GET' && path === '/health') return send(res, 200, { status: 'ok', model: MODEL_NAME });
  if (req.method !== 'POST' || path !== '/v1/chat/completions')
    return send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) abort.abort();
  });
  void (async () => {
    /** @type {ChatRequest} */
    let request;
    try {
      request = parseRequest(await readJson(req));
    } catch (error) {
      if (abort.signal.aborted) return;
      if (error instanceof RequestError)
        return send(res, 400, { error: { message: error.message, type: 'invalid_request_error' } });
      console.error(error);
      return send(res, 400, {
        error: { message: 'The request could not be read.', type: 'invalid_request_error' },
      });
    }
    const started = Date.now();
    const id = `chatcmpl-${started.toString(36)}`;
    const created = Math.floor(started / 1000);
    if (request.stream) return streamAnswer(request, res, abort.signal, { id, created });
    try {
      const result = await oneAtATime(() => complete(request, abort.signal));
      send(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: MODEL_NAME,
        choices: [{ index: 0, message: { role: 'assistant', content: result.text }, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: result.promptTokens,
          completion_tokens: result.completionTokens,
          total_tokens: result.promptTokens + result.completionTokens,
        },
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error(error);
      send(res, 500, { error: { message: 'The model failed to answer.', type: 'server_error' } });
    }
  })();
});

/**
 * `stream: true`: OpenAI's chunks as server-sent events (`data: {choices:[{delta:{content}}]}`, then
 * `data: [DONE]`), each piece as the model writes it. The headers go at once, so a client waiting behind another
 * generation knows it is heard; a client that closes the connection aborts its generation at once.
 * @param {ChatRequest} request @param {import('node:http').ServerResponse} res @param {AbortSignal} signal
 * @param {{ id: string, created: number }} meta
 */
const streamAnswer = async (request, res, signal, { id, created }) => {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  /** @param {unknown} data */
  const event = (data) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  /** @param {{ role?: string, content?: string }} delta @param {string | null} finish */
  const chunk = (delta, finish) =>
    event({
      id,
      object: 'chat.completion.chunk',
      created,
      model: MODEL_NAME,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  chunk({ role: 'assistant', content: '' }, null);
  try {
    await oneAtATime(() => complete(request, signal, (text) => chunk({ content: text }, null)));
    if (signal.aborted) return;
    chunk({}, 'stop');
    res.end('data: [DONE]\n\n');
  } catch (error) {
    if (signal.aborted) return;
    console.error(error);
    event({ error: { message: 'The model failed to answer.', type: 'server_error' } });
    res.end();
  }
};

server.listen(port, host, () =>
  console.log(`[llm] ${MODEL_NAME} listening on http://${host}:${port} (niceness ${runsAt})`),
);
const shutDown = () => {
  server.close();
  void llama.dispose().finally(() => process.exit(0));
};
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, shutDown);
// A test process that shares one service among its files ends it by ending: it holds the service's stdin, which
// closes however that process ends (a SIGKILL included), so no service outlives the tests that started it.
if (process.env.SCRIVO_LLM_EXIT_WITH_STDIN === '1') {
  process.stdin.once('end', shutDown);
  process.stdin.resume();
}
