import { Body, Controller, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AskQuestionBody, QUESTIONS_PATH } from '@scrivo/contracts';
import type { Request, Response } from 'express';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { AskQuestionQuery, type AnswerStream } from './ask-question.query';

/** The question's text, or a 400 that says what is wrong with it. */
export const questionOf = (body: unknown): string => {
  const parsed = AskQuestionBody.safeParse(body);
  if (!parsed.success)
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      parsed.error.issues[0]?.message ?? 'Send {"question": "..."}.',
    );
  return parsed.data.question;
};

/** Stops the model when the person asking goes away (closed tab, aborted fetch). */
export const abortOnClose = (req: Request, res: Response): AbortSignal => {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) abort.abort();
  });
  req.on('aborted', () => abort.abort());
  return abort.signal;
};

/** Server-sent events with proxies told not to buffer them (the answer is read as it is written). */
export const startEventStream = (res: Response): void => {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
};

/**
 * POST /api/recordings/:id/questions (contract `questions.ask`): the answer as server-sent events. Written by hand
 * as the recording events route is: ts-rest answers whole bodies, not streams.
 */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class QuestionsController {
  constructor(private readonly queries: QueryBus) {}

  @Post(QUESTIONS_PATH.slice(1))
  async ask(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const question = questionOf(body);
    const signal = abortOnClose(req, res);
    const events: AnswerStream = await this.queries.execute(new AskQuestionQuery(user, id, question, signal));
    startEventStream(res);
    for await (const event of events) {
      if (signal.aborted) return;
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    }
    res.end();
  }
}
