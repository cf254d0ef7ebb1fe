import { Module } from '@nestjs/common';
import { MiniSearchLineSearch } from '@scrivo/adapters/search/minisearch-line-search';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { createLanguageModel } from '../language-jobs/language-engines';
import { RecordingsModule } from '../recordings/recordings.module';
import { AskQuestionHandler } from './ask-question.query';
import { QuestionsController } from './questions.controller';
import { LINE_SEARCH, QUESTIONS_LANGUAGE_MODEL } from './questions.tokens';

registerErrorStatus('QUESTION_REFUSED', 422);

/** Questions answered from a recording's transcript (docs/questions.md): a read, streamed. */
@Module({
  imports: [RecordingsModule, ApiKeysModule],
  controllers: [QuestionsController],
  providers: [
    AskQuestionHandler,
    {
      provide: QUESTIONS_LANGUAGE_MODEL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createLanguageModel(config),
    },
    { provide: LINE_SEARCH, useValue: new MiniSearchLineSearch() },
  ],
  exports: [QUESTIONS_LANGUAGE_MODEL],
})
export class QuestionsModule {}
