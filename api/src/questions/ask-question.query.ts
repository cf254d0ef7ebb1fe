import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { QuestionStreamEvent } from '@scrivo/contracts';
import { type LanguageModel, LanguageModelRequestError, LanguageModelUnavailableError } from '@scrivo/domain';
import {
  ANSWER_MAX_TOKENS,
  chooseLines,
  type LineSearch,
  NOT_IN_RECORDING,
  numberLines,
  parseAnswer,
  questionPrompt,
  spreadToNeighbours,
  withoutLineIds,
} from '@scrivo/domain/questions';
import { PLAN_LIMITS } from '@scrivo/domain/recordings';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { GetTranscriptQuery } from '../recordings/queries/recording.queries';
import { LINE_SEARCH, QUESTIONS_LANGUAGE_MODEL } from './questions.tokens';

/** An answer being written: its events in order (text pieces, then `done`), read once. */
export type AnswerStream = AsyncIterable<QuestionStreamEvent>;

/**
 * A question about one of the caller's recordings, answered from its transcript. A read: nothing is stored. The
 * refusals (plan, no model, not the caller's, not finished) and an unreachable model come out of `execute`,
 * before anything is streamed, so the route can answer them as plain errors.
 */
export class AskQuestionQuery extends Query<AnswerStream> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly question: string,
    readonly signal: AbortSignal,
  ) {
    super();
  }
}

const unavailable = () =>
  new ApiError(
    503,
    'LANGUAGE_MODEL_UNAVAILABLE',
    'Questions need the language model, which is not running right now. Try again in a minute.',
  );

@QueryHandler(AskQuestionQuery)
export class AskQuestionHandler implements IQueryHandler<AskQuestionQuery> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(QUESTIONS_LANGUAGE_MODEL) private readonly model: LanguageModel | null,
    @Inject(LINE_SEARCH) private readonly search: LineSearch,
  ) {}

  async execute({ user, recordingId, question, signal }: AskQuestionQuery): Promise<AnswerStream> {
    // The owner's recording or 404, finished or 409: the transcript route's own checks.
    const transcript = await this.queries.execute(new GetTranscriptQuery(user, recordingId, 'read'));
    if (!PLAN_LIMITS[user.plan].questions)
      throw new ApiError(
        402,
        'PLAN_UPGRADE_REQUIRED',
        'Questions about a recording are part of the Business Pro plan. Upgrade to ask your transcripts.',
        { feature: 'questions', requiredPlan: 'business_pro' },
      );
    if (!this.model)
      throw new ApiError(
        503,
        'LANGUAGE_MODEL_UNAVAILABLE',
        'This installation has no language model configured (SCRIVO_LLM_ENGINE=none), so it cannot answer questions.',
      );
    const lines = numberLines(transcript.segments);
    const chosen = chooseLines(lines, spreadToNeighbours(this.search.rank(question, lines), lines));
    if (chosen.length === 0)
      return single({ type: 'done', answer: NOT_IN_RECORDING, citations: [], notInRecording: true });

    const answer = this.model.stream({
      messages: questionPrompt(question, chosen),
      maxTokens: ANSWER_MAX_TOKENS,
      answerLanguage: transcript.language,
      signal,
    });
    const pieces = answer[Symbol.asyncIterator]();
    // The first piece is awaited here: a model that cannot be reached is a 503 before the stream starts.
    const first = await pieces.next().catch((error: unknown) => {
      throw modelFailure(error);
    });
    const search = this.search;
    return (async function* (): AnswerStream {
      let text = '';
      try {
        for (let next = first; !next.done; next = await pieces.next()) {
          text += next.value;
          yield { type: 'text', text: next.value };
        }
      } catch (error) {
        if (signal.aborted) return;
        const failure = modelFailure(error);
        yield { type: 'error', code: failure.code, message: failure.message };
        return;
      }
      const answer = parseAnswer(text, chosen, search.rank(withoutLineIds(text), chosen));
      yield {
        type: 'done',
        answer: answer.notInRecording ? answer.answer : withoutLineIds(answer.answer),
        citations: [...answer.citations],
        notInRecording: answer.notInRecording,
      };
    })();
  }
}

const modelFailure = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (error instanceof LanguageModelRequestError)
    return new ApiError(422, 'QUESTION_REFUSED', 'The language model could not answer this question.');
  if (error instanceof LanguageModelUnavailableError) return unavailable();
  throw error;
};

async function* single(event: QuestionStreamEvent): AnswerStream {
  yield event;
}
