import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * Questions about one recording, answered from its transcript only (Business Pro). The lines that match the
 * question best (with their neighbours, about 1,200 words) are read by the language model, which answers in a few
 * sentences and cites the lines it used; each citation is a moment of the recording (`start`, in seconds). When
 * those lines do not hold the answer it says "Not in this recording." (`notInRecording: true`).
 *
 * The answer is streamed as server-sent events (`text/event-stream`): `data: {"type":"text","text":"..."}` for
 * each piece as it is written (with the model's `[L12]` line ids), then one
 * `data: {"type":"done","answer":"...","citations":[...],"notInRecording":false}` with the answer as people read
 * it (ids removed) and the cited moments; or `data: {"type":"error","code":"...","message":"..."}` if the model
 * fails midway. Refusals come before the stream, as ordinary JSON errors: 400 empty or too long question, 402
 * PLAN_UPGRADE_REQUIRED (other plans), 404 not the caller's recording, 409 TRANSCRIPT_NOT_READY, 503
 * LANGUAGE_MODEL_UNAVAILABLE (the installation has no language model).
 */
export const QUESTIONS_PATH = '/api/recordings/:id/questions';
export const MAX_QUESTION_CHARS = 500;

export const AskQuestionBody = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Ask a question.')
    .max(MAX_QUESTION_CHARS, `A question can be at most ${MAX_QUESTION_CHARS} characters.`),
});
export type AskQuestionBody = z.infer<typeof AskQuestionBody>;

export const AnswerCitation = z.object({
  /** The transcript line (1-based segment number) the answer cites. */
  line: z.number().int().positive(),
  /** Where it is said, in seconds: seek the player here. */
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
});
export type AnswerCitation = z.infer<typeof AnswerCitation>;

export const QuestionStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    answer: z.string(),
    citations: z.array(AnswerCitation),
    notInRecording: z.boolean(),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type QuestionStreamEvent = z.infer<typeof QuestionStreamEvent>;

export const questionsContract = c.router({
  ask: {
    method: 'POST',
    path: QUESTIONS_PATH,
    pathParams: z.object({ id: z.string().min(1).max(100) }),
    body: AskQuestionBody,
    responses: {
      200: c.otherResponse({ contentType: 'text/event-stream', body: c.type<string>() }),
      400: ErrorBody,
      401: ErrorBody,
      402: ErrorBody,
      404: ErrorBody,
      409: ErrorBody,
      503: ErrorBody,
    },
    summary:
      'Ask a question of the recording (Business Pro): the answer, streamed as server-sent events, cites the moments it comes from',
  },
});
