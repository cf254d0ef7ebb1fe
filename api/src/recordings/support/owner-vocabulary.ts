import type { TranscriptBody, UploadVocabulary } from '@scrivo/domain/recordings';
import {
  type EngineVocabulary,
  engineVocabulary,
  spellAsTheGlossarySays,
  type VocabularyTerm,
  vocabularyDecider,
  vocabularyStream,
  workspaceGlossaryOwner,
} from '@scrivo/domain/vocabulary';
import type { StreamRunner } from '../../infrastructure/stream-runner';

export interface OwnerVocabulary {
  /** What the speech engine is told to listen for (null: nothing). */
  readonly engine: EngineVocabulary | null;
  /** The transcript with the glossary's terms spelt its way where the engine wrote how they sound. */
  spell<T extends TranscriptBody>(transcript: T): T;
}

/**
 * The glossaries as they are when the job runs: the workspace's the recording is in (its spelling comes first: it
 * is the team's), then the owner's own terms it does not have, with the upload's own terms and context.
 */
export const ownerVocabulary = async (
  runner: StreamRunner,
  ownerId: string,
  upload: UploadVocabulary | null | undefined,
  workspaceId: string | null = null,
): Promise<OwnerVocabulary> => {
  const glossary = async (owner: string) =>
    (await runner.state(vocabularyDecider, vocabularyStream(owner))).terms;
  const shared = workspaceId ? await glossary(workspaceGlossaryOwner(workspaceId)) : [];
  const taken = new Set(shared.map((t) => t.text.toLowerCase()));
  const terms: VocabularyTerm[] = [
    ...shared,
    ...(await glossary(ownerId)).filter((t) => !taken.has(t.text.toLowerCase())),
  ];
  return {
    engine: engineVocabulary(terms, upload),
    spell: (transcript) => ({ ...transcript, ...spellAsTheGlossarySays(transcript, terms) }),
  };
};
