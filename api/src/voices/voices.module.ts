import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RecordingsModule } from '../recordings/recordings.module';
import { createSpeech } from '../recordings/speech-factory';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { VoicesController } from './voices.controller';
import { voiceCommandHandlers } from './voices.commands';
import { VOICE_ENGINE } from './voices.tokens';
import { WorkspaceVoicesController } from './workspace-voices.controller';

/**
 * Remembered voices (docs/voices.md): named once, given that name in every later transcript of the account, or of
 * the workspace they were remembered for.
 */
@Module({
  imports: [ApiKeysModule, RecordingsModule, WorkspacesModule],
  controllers: [VoicesController, WorkspaceVoicesController],
  providers: [
    ...voiceCommandHandlers,
    { provide: VOICE_ENGINE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createSpeech(config) },
  ],
})
export class VoicesModule {}
