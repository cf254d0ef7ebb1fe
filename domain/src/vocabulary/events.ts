import type { DomainEvent } from '../kernel/events';

/** A name or term a person wants spelt their way; `soundsLike` helps the engine hear it ("scree-vo"). */
export interface VocabularyTerm {
  readonly text: string;
  readonly soundsLike?: string;
}

// ---- one account's glossary: `vocabulary-{userId}` ----
/** The whole glossary as it now is (each save replaces it: the page and the API send the full list). */
export type VocabularySet = DomainEvent<
  'VocabularySet',
  { userId: string; terms: VocabularyTerm[]; at: string }
>;
export type VocabularyEvent = VocabularySet;
export const VOCABULARY_EVENT_TYPES: readonly VocabularyEvent['type'][] = ['VocabularySet'];

export const vocabularyStream = (userId: string) => `vocabulary-${userId}`;
