import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { RecordingsModule } from '../recordings/recordings.module';
import { translationCommandHandlers } from './commands/translation.commands';
import { translationQueryHandlers } from './queries/translation.queries';
import { TranslationAccess } from './support/translation-access';
import { TranslationsController } from './translations.controller';

registerErrorStatus('TRANSLATION_STATE_CONFLICT', 409);
registerErrorStatus('TRANSLATION_PAIR_UNSUPPORTED', 422);

@Module({
  imports: [RecordingsModule, ApiKeysModule],
  controllers: [TranslationsController],
  providers: [TranslationAccess, ...translationCommandHandlers, ...translationQueryHandlers],
  exports: [TranslationAccess],
})
export class TranslationsModule {}
