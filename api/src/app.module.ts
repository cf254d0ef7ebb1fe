import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_FILTER } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AuditModule } from './audit/audit.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { ChatModule } from './chat/chat.module';
import { AuthModule } from './common/auth/auth.module';
import type { RootLogger } from './common/logger';
import { ErrorFilter } from './common/error.filter';
import type { AppConfig } from './config/config';
import { HealthModule } from './health/health.module';
import type { Adapters } from './infrastructure/adapters.factory';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { RecordingsModule } from './recordings/recordings.module';
import { ShareLinksModule } from './share-links/share-links.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { OpenAiModule } from './openai/openai.module';
import { LibraryModule } from './library/library.module';
import { LanguageJobsModule } from './language-jobs/language-jobs.module';
import { QuestionsModule } from './questions/questions.module';
import { SummariesModule } from './summaries/summaries.module';
import { TranslationsModule } from './translations/translations.module';
import { PrivacyModule } from './privacy/privacy.module';
import { LiveModule } from './live/live.module';
import { VocabularyModule } from './vocabulary/vocabulary.module';
import { VoicesModule } from './voices/voices.module';
import { WorkspacesModule } from './workspaces/workspaces.module';
import { RetentionModule } from './workspaces/retention/retention.module';

/** The feature modules; each owns a folder under api/src. */
const features = [
  HealthModule,
  AccountsModule,
  ApiKeysModule,
  ChatModule,
  RecordingsModule,
  ShareLinksModule,
  AuditModule,
  WebhooksModule,
  OpenAiModule,
  LibraryModule,
  SummariesModule,
  QuestionsModule,
  TranslationsModule,
  LanguageJobsModule,
  PrivacyModule,
  LiveModule,
  VocabularyModule,
  VoicesModule,
  WorkspacesModule,
  RetentionModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, adapters: Adapters, logger: RootLogger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, adapters, logger),
        CqrsModule.forRoot(),
        AuthModule,
        ...features,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }
}
