import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import type { VocabularyEvent, VocabularyTerm } from './events';

export const MAX_VOCABULARY_TERMS = 500;
export const MAX_TERM_LENGTH = 100;

export interface Vocabulary {
  readonly terms: readonly VocabularyTerm[];
}

export type VocabularyCommand = {
  type: 'SetVocabulary';
  userId: string;
  terms: readonly VocabularyTerm[];
  now: string;
};

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);

/** Trimmed, inner spaces collapsed; an empty "sounds like" is none. */
const cleaned = (term: VocabularyTerm): VocabularyTerm => {
  const text = term.text.trim().replace(/\s+/g, ' ');
  const soundsLike = term.soundsLike?.trim().replace(/\s+/g, ' ');
  return soundsLike ? { text, soundsLike } : { text };
};

const checked = (terms: readonly VocabularyTerm[]): VocabularyTerm[] => {
  if (terms.length > MAX_VOCABULARY_TERMS)
    throw invalid(`A glossary holds at most ${MAX_VOCABULARY_TERMS} terms (${terms.length} were sent).`);
  const seen = new Set<string>();
  return terms.map(cleaned).map((term) => {
    if (!term.text) throw invalid('A term cannot be empty.');
    if (term.text.length > MAX_TERM_LENGTH || (term.soundsLike?.length ?? 0) > MAX_TERM_LENGTH)
      throw invalid(`"${term.text.slice(0, 40)}" is longer than ${MAX_TERM_LENGTH} characters.`);
    const key = term.text.toLowerCase();
    if (seen.has(key)) throw invalid(`"${term.text}" is in the glossary twice.`);
    seen.add(key);
    return term;
  });
};

const same = (a: readonly VocabularyTerm[], b: readonly VocabularyTerm[]) =>
  a.length === b.length && a.every((t, i) => t.text === b[i]!.text && t.soundsLike === b[i]!.soundsLike);

/** One account's glossary of names and terms, given to the speech engine so it spells them their way. */
export const vocabularyDecider: Decider<VocabularyCommand, VocabularyEvent, Vocabulary> = {
  initialState: () => ({ terms: [] }),
  decide(command, state) {
    const terms = checked(command.terms);
    // Saving the list it already is changes nothing.
    if (same(terms, state.terms)) return [];
    return [{ type: 'VocabularySet', data: { userId: command.userId, terms, at: command.now } }];
  },
  evolve: (_state, event) => ({ terms: event.data.terms }),
};
