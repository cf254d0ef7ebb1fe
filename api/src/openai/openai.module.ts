import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { RecordingsModule } from '../recordings/recordings.module';
import { OpenAiChatController } from './openai-chat.controller';
import { OpenAiTranscriptionsController } from './openai-transcriptions.controller';
import { ApiKeyOnlyGuard } from './support/api-key-only.guard';

/** The OpenAI-compatible endpoint (docs/openai-compatible.md): a thin layer over the recordings write side. */
@Module({
  imports: [ApiKeysModule, RecordingsModule],
  controllers: [OpenAiTranscriptionsController, OpenAiChatController],
  providers: [ApiKeyOnlyGuard],
})
export class OpenAiModule {}
