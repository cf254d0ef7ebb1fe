import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { VocabularyController } from './vocabulary.controller';

/** Custom vocabulary (docs/vocabulary.md): the account's glossary, read by transcription jobs from its stream. */
@Module({
  imports: [ApiKeysModule],
  controllers: [VocabularyController],
})
export class VocabularyModule {}
