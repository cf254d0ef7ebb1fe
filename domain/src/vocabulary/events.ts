import type { DomainEvent } from '../kernel/events';

/** A name or term a person wants spelt their way; `soundsLike` helps the engine hear it ("scree-vo"). */
export interface VocabularyTerm {
  readonly text: string;
  readonly soundsLike?: string;
}

// ---- one glossary: `vocabulary-{userId}`, an account's, or `vocabulary-workspace-{workspaceId}`, a workspace's ----
/**
 * The whole glossary as it now is (each save replaces it: the page and the API send the full list). `userId` names
 * whose it is, and so the key its terms are sealed under: an account's id, or `workspace-{id}` for a workspace's
 * (its own key: the terms stay readable to its members whoever of them wrote them).
 */
export type VocabularySet = DomainEvent<
  'VocabularySet',
  { userId: string; terms: VocabularyTerm[]; at: string }
>;
export type VocabularyEvent = VocabularySet;
export const VOCABULARY_EVENT_TYPES: readonly VocabularyEvent['type'][] = ['VocabularySet'];

export const vocabularyStream = (userId: string) => `vocabulary-${userId}`;
/** Whose a workspace's glossary is: the `userId` of its commands and events, and the subject of its key. */
export const workspaceGlossaryOwner = (workspaceId: string) => `workspace-${workspaceId}`;
