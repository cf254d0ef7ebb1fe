import type { VocabularyTerm } from '@scrivo/contracts/vocabulary/vocabulary.contract';

/**
 * The glossary as people write it: one term a line, optionally followed by a colon and how it sounds
 * ("Scrivo: scree-vo"). Blank lines are skipped; a line is cut at its first colon only.
 */
export const parseGlossary = (text: string): VocabularyTerm[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      if (colon < 0) return { text: line };
      const term = line.slice(0, colon).trim();
      const soundsLike = line.slice(colon + 1).trim();
      return soundsLike ? { text: term, soundsLike } : { text: term };
    });

export const formatGlossary = (terms: readonly VocabularyTerm[]): string =>
  terms.map((t) => (t.soundsLike ? `${t.text}: ${t.soundsLike}` : t.text)).join('\n');
