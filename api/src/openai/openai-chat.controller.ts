import { Body, Controller, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type AnswerCitation,
  MAX_QUESTION_CHARS,
  OPENAI_CHAT_COMPLETIONS_PATH,
  type OpenAiChatCompletion,
  OpenAiChatRequest,
  RECORDING_MODEL_PREFIX,
} from '@scrivo/contracts';
import { clock } from '@scrivo/domain/questions';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { type AnswerStream, AskQuestionQuery } from '../questions/ask-question.query';
import { abortOnClose, startEventStream } from '../questions/questions.controller';
import { ApiKeyOnlyGuard } from './support/api-key-only.guard';
import { OpenAiErrorFilter } from './support/openai-error.filter';

const invalid = (message: string, param: string) => new ApiError(400, 'INVALID_REQUEST', message, { param });

/** The recording and the question an OpenAI chat request names. */
const readRequest = (body: unknown): { recordingId: string; question: string; stream: boolean } => {
  const parsed = OpenAiChatRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}. Send { model, messages: [{ role: "user", content }] }.`,
      String(issue?.path[0] ?? 'body'),
    );
  }
  const { model, messages, stream } = parsed.data;
  if (!model.startsWith(RECORDING_MODEL_PREFIX) || model.length === RECORDING_MODEL_PREFIX.length)
    throw invalid(
      `The model must be "${RECORDING_MODEL_PREFIX}<recordingId>": the recording whose transcript answers.`,
      'model',
    );
  const last = messages.findLast((m) => m.role === 'user');
  const content = last?.content;
  const question = (
    typeof content === 'string' ? content : (content ?? []).map((p) => p.text).join(' ')
  ).trim();
  if (!question) throw invalid('The last user message must hold the question.', 'messages');
  if (question.length > MAX_QUESTION_CHARS)
    throw invalid(`A question can be at most ${MAX_QUESTION_CHARS} characters.`, 'messages');
  return { recordingId: model.slice(RECORDING_MODEL_PREFIX.length), question, stream: stream === true };
};

/** The cited moments as the content's last lines, for clients that only show the text. */
const moments = (citations: readonly AnswerCitation[]): string =>
  citations.length === 0
    ? ''
    : `\n\nMoments:\n${citations.map((c) => `- ${clock(c.start)} ${c.text}`).join('\n')}`;

/**
 * `POST /v1/chat/completions`: a question about one recording in OpenAI's chat protocol, so the OpenAI SDKs and
 * chat tools can ask a transcript (API key only, as the transcription endpoint).
 */
@Controller()
@UseGuards(ApiKeyOnlyGuard)
@UseFilters(OpenAiErrorFilter)
export class OpenAiChatController {
  constructor(private readonly queries: QueryBus) {}

  @Post(OPENAI_CHAT_COMPLETIONS_PATH.slice(1))
  async complete(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const { recordingId, question, stream } = readRequest(body);
    const signal = abortOnClose(req, res);
    const events: AnswerStream = await this.queries.execute(
      new AskQuestionQuery(user, recordingId, question, signal),
    );
    const created = Math.floor(Date.now() / 1000);
    const id = `chatcmpl-${recordingId}-${Date.now().toString(36)}`;
    const model = `${RECORDING_MODEL_PREFIX}${recordingId}`;
    if (!stream) {
      for await (const event of events) {
        if (event.type === 'error') throw new ApiError(503, event.code, event.message);
        if (event.type !== 'done') continue;
        const completion: OpenAiChatCompletion = {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: `${event.answer}${moments(event.citations)}` },
              finish_reason: 'stop',
            },
          ],
          scrivo_citations: event.citations,
        };
        res.status(200).json(completion);
      }
      return;
    }
    startEventStream(res);
    const chunk = (delta: { role?: 'assistant'; content?: string }, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    let streamed = '';
    for await (const event of events) {
      if (signal.aborted) return;
      if (event.type === 'text') {
        streamed += event.text;
        chunk({ content: event.text }, null);
      } else if (event.type === 'error') {
        res.write(
          `data: ${JSON.stringify({ error: { message: event.message, type: 'server_error', param: null, code: event.code.toLowerCase() } })}\n\n`,
        );
        res.end();
        return;
      } else {
        // Streamed pieces carry the model's [L12] ids. An answer that cites no line is not the recording's: said
        // plainly, after whatever the model wrote (or alone, when no line matched and the model was not asked).
        if (event.notInRecording && streamed.trim() !== event.answer)
          chunk({ content: `${streamed ? '\n\n' : ''}${event.answer}` }, null);
        else chunk({ content: moments(event.citations) }, null);
        chunk({}, 'stop');
      }
    }
    res.end('data: [DONE]\n\n');
  }
}
