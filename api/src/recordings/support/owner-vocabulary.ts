import type { TranscriptBody, UploadVocabulary } from '@scrivo/domain/recordings';
import {
  type EngineVocabulary,
  engineVocabulary,
  spellAsTheGlossarySays,
  vocabularyDecider,
  vocabularyStream,
} from '@scrivo/domain/vocabulary';
import type { StreamRunner } from '../../infrastructure/stream-runner';

export interface OwnerVocabulary {
  /** What the speech engine is told to listen for (null: nothing). */
  readonly engine: EngineVocabulary | null;
  /** The transcript with the glossary's terms spelt its way where the engine wrote how they sound. */
  spell<T extends TranscriptBody>(transcript: T): T;
}

/** The owner's glossary as it is when the job runs, with the upload's own terms and context. */
export const ownerVocabulary = async (
  runner: StreamRunner,
  ownerId: string,
  upload: UploadVocabulary | null | undefined,
): Promise<OwnerVocabulary> => {
  const { terms } = await runner.state(vocabularyDecider, vocabularyStream(ownerId));
  return {
    engine: engineVocabulary(terms, upload),
    spell: (transcript) => ({ ...transcript, ...spellAsTheGlossarySays(transcript, terms) }),
  };
};
