import { initContract } from '@ts-rest/core';
import { z } from 'zod';

const c = initContract();

/**
 * An OpenAI-compatible transcription endpoint, so the OpenAI SDKs and the tools built on them work against a
 * self-hosted Scrivo: point the client's base URL at `<server>/v1` and use a Scrivo API key (write scope) as the
 * OpenAI key. The file becomes a recording in the key owner's library and uses their minutes; the answer comes
 * once the transcript is ready. Errors have OpenAI's shape, `{ error: { message, type, param, code } }`.
 */
export const OPENAI_TRANSCRIPTIONS_PATH = '/v1/audio/transcriptions';

export const OpenAiResponseFormat = z.enum(['json', 'text', 'srt', 'vtt', 'verbose_json']);
export type OpenAiResponseFormat = z.infer<typeof OpenAiResponseFormat>;
export const OpenAiTimestampGranularity = z.enum(['word', 'segment']);
export type OpenAiTimestampGranularity = z.infer<typeof OpenAiTimestampGranularity>;

export const OpenAiErrorBody = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAiErrorBody = z.infer<typeof OpenAiErrorBody>;

export const OpenAiTranscription = z.object({ text: z.string() });

export const OpenAiSegment = z.object({
  id: z.number().int(),
  seek: z.number().int(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  tokens: z.array(z.number().int()),
  temperature: z.number(),
  avg_logprob: z.number(),
  compression_ratio: z.number(),
  no_speech_prob: z.number(),
});
export type OpenAiSegment = z.infer<typeof OpenAiSegment>;

export const OpenAiWord = z.object({ word: z.string(), start: z.number(), end: z.number() });
export type OpenAiWord = z.infer<typeof OpenAiWord>;

export const OpenAiVerboseTranscription = z.object({
  task: z.literal('transcribe'),
  /** The language's English name in lower case, as OpenAI answers ("english"). */
  language: z.string(),
  duration: z.number(),
  text: z.string(),
  /** With the `segment` granularity, or when none is asked for. */
  segments: z.array(OpenAiSegment).optional(),
  /** With the `word` granularity. */
  words: z.array(OpenAiWord).optional(),
});
export type OpenAiVerboseTranscription = z.infer<typeof OpenAiVerboseTranscription>;

/**
 * OpenAI's chat completions, for asking a recording questions from scripts: `model` is
 * `scrivo-recording-<recordingId>` (one of the key owner's recordings, Business Pro), the last user message is the
 * question (earlier turns are not read: every answer comes from the transcript alone). `stream: true` answers
 * `chat.completion.chunk` server-sent events ending in `data: [DONE]`; otherwise one `chat.completion`. The
 * content ends with the moments it cites ("Moments:" then one `- 03:41 text` line each); the non-streamed object
 * also carries them as `scrivo_citations` ({ line, start, end, text }).
 */
export const OPENAI_CHAT_COMPLETIONS_PATH = '/v1/chat/completions';
export const RECORDING_MODEL_PREFIX = 'scrivo-recording-';

const OpenAiTextPart = z.object({ type: z.literal('text'), text: z.string() });
export const OpenAiChatRequest = z.object({
  model: z.string().min(1),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: z.union([z.string(), z.array(OpenAiTextPart), z.null()]).optional(),
      }),
    )
    .min(1),
  stream: z.boolean().nullable().optional(),
});
export type OpenAiChatRequest = z.infer<typeof OpenAiChatRequest>;

export const OpenAiChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string() }),
      finish_reason: z.string(),
    }),
  ),
  scrivo_citations: z.array(
    z.object({ line: z.number().int(), start: z.number(), end: z.number(), text: z.string() }),
  ),
});
export type OpenAiChatCompletion = z.infer<typeof OpenAiChatCompletion>;

export const openAiContract = c.router({
  createTranscription: {
    method: 'POST',
    path: OPENAI_TRANSCRIPTIONS_PATH,
    contentType: 'multipart/form-data',
    body: c.type<{
      file: Blob;
      model: string;
      language?: string;
      prompt?: string;
      response_format?: OpenAiResponseFormat;
      temperature?: string;
      'timestamp_granularities[]'?: OpenAiTimestampGranularity | OpenAiTimestampGranularity[];
    }>(),
    responses: {
      200: z.union([OpenAiVerboseTranscription, OpenAiTranscription, z.string()]),
      400: OpenAiErrorBody,
      401: OpenAiErrorBody,
      402: OpenAiErrorBody,
      403: OpenAiErrorBody,
      413: OpenAiErrorBody,
      415: OpenAiErrorBody,
      429: OpenAiErrorBody,
      500: OpenAiErrorBody,
      504: OpenAiErrorBody,
    },
    summary:
      'OpenAI-compatible: transcribe a file (multipart: file, model, language?, response_format?, timestamp_granularities[]?) and wait for the text',
  },
  createChatCompletion: {
    method: 'POST',
    path: OPENAI_CHAT_COMPLETIONS_PATH,
    body: OpenAiChatRequest,
    responses: {
      /** Or, with `stream: true`, `text/event-stream` of `chat.completion.chunk` events. */
      200: OpenAiChatCompletion,
      400: OpenAiErrorBody,
      401: OpenAiErrorBody,
      402: OpenAiErrorBody,
      403: OpenAiErrorBody,
      404: OpenAiErrorBody,
      409: OpenAiErrorBody,
      503: OpenAiErrorBody,
    },
    summary:
      'OpenAI-compatible: ask a recording a question (model `scrivo-recording-<id>`); the answer cites its moments, streamed with `stream: true`',
  },
});
