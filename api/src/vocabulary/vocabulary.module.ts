import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { VocabularyController } from './vocabulary.controller';
import { WorkspaceVocabularyController } from './workspace-vocabulary.controller';

/**
 * Custom vocabulary (docs/vocabulary.md): an account's glossary and a workspace's, read by transcription jobs
 * from their streams.
 */
@Module({
  imports: [ApiKeysModule, WorkspacesModule],
  controllers: [VocabularyController, WorkspaceVocabularyController],
})
export class VocabularyModule {}
