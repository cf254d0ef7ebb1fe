import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RecordingsModule } from '../recordings/recordings.module';
import { createSpeech } from '../recordings/speech-factory';
import { VoicesController } from './voices.controller';
import { voiceCommandHandlers } from './voices.commands';
import { VOICE_ENGINE } from './voices.tokens';

/** Remembered voices (docs/voices.md): named once, given that name in every later transcript of the account. */
@Module({
  imports: [ApiKeysModule, RecordingsModule],
  controllers: [VoicesController],
  providers: [
    ...voiceCommandHandlers,
    { provide: VOICE_ENGINE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createSpeech(config) },
  ],
})
export class VoicesModule {}
