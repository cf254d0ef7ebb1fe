import { Module } from '@nestjs/common';
import { OPENAI_CHAT_COMPLETIONS_PATH, OPENAI_TRANSCRIPTIONS_PATH } from '@scrivo/contracts';
import { exemptFromCsrf } from '../common/csrf';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { RecordingsModule } from '../recordings/recordings.module';
import { OpenAiChatController } from './openai-chat.controller';
import { OpenAiTranscriptionsController } from './openai-transcriptions.controller';
import { ApiKeyOnlyGuard } from './support/api-key-only.guard';

const exactly = (path: string) => new RegExp(`^${path.replace(/\//g, '\\/')}$`);

// These routes take an API key only, never the session cookie (ApiKeyOnlyGuard): a forged cross-site request has
// nothing to ride on, and an OpenAI client that forgot its key is told so with OpenAI's 401, not a CSRF 403.
exemptFromCsrf(exactly(OPENAI_TRANSCRIPTIONS_PATH));
exemptFromCsrf(exactly(OPENAI_CHAT_COMPLETIONS_PATH));

/** The OpenAI-compatible endpoint (docs/openai-compatible.md): a thin layer over the recordings write side. */
@Module({
  imports: [ApiKeysModule, RecordingsModule],
  controllers: [OpenAiTranscriptionsController, OpenAiChatController],
  providers: [ApiKeyOnlyGuard],
})
export class OpenAiModule {}
